// A small EventSource stand-in for tests and benchmarks: opens the stream with the client's
// cookies, parses frames as they arrive, and lets a test wait for a matching event.
import type { TestClient } from './httpClient';

export interface SseEvent {
  id?: string;
  event: string;
  data: any;
  receivedAt: number;
}

export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  headers = new Headers();
  /** The answer's body when it was not a stream (a refusal's `{detail}`). */
  body: unknown;
  /** The last `retry:` field the server sent (its reconnection delay, in ms). */
  retryMs: number | undefined;
  /** Resolves when the server ends the stream (or it is closed here). */
  readonly ended: Promise<void>;
  private endedResolve!: () => void;
  private readonly abort = new AbortController();
  private waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  onEvent?: (e: SseEvent) => void;

  private constructor() {
    this.ended = new Promise((r) => (this.endedResolve = r));
  }

  static async open(client: TestClient, path = '/api/sync/events', headers: Record<string, string> = {}): Promise<SseClient> {
    const sse = new SseClient();
    const res = await client.raw(client.baseUrl + path, { headers: { accept: 'text/event-stream', ...headers }, signal: sse.abort.signal });
    sse.status = res.status;
    sse.headers = res.headers;
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      try {
        sse.body = JSON.parse(text);
      } catch {
        sse.body = text;
      }
      sse.endedResolve();
      return sse;
    }
    void sse.read(res.body);
    return sse;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          this.frame(frame);
        }
      }
    } catch {
      // aborted or reset: the stream is over
    } finally {
      this.endedResolve();
    }
  }

  private frame(text: string): void {
    const e: Partial<SseEvent> = { event: 'message' };
    let data = '';
    for (const line of text.split('\n')) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const field = line.slice(0, i);
      const value = line.slice(i + 1).replace(/^ /, '');
      if (field === 'retry') this.retryMs = Number(value);
      else if (field === 'id') e.id = value;
      else if (field === 'event') e.event = value;
      else if (field === 'data') data += data ? `\n${value}` : value;
    }
    if (!data) return;
    const event: SseEvent = { id: e.id, event: e.event!, data: JSON.parse(data), receivedAt: performance.now() };
    this.events.push(event);
    this.onEvent?.(event);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(event)) return true;
      w.resolve(event);
      return false;
    });
  }

  /** The first event (already received or coming) that matches. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs = 10_000, what = 'an event'): Promise<SseEvent> {
    const found = this.events.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  of(event: string): SseEvent[] {
    return this.events.filter((e) => e.event === event);
  }

  close(): void {
    this.abort.abort();
  }
}

/** A stream that reconnects as a browser's EventSource does: when the server ends it (or the
 * connection drops), it opens it again after the server's `retry:` hint, with Last-Event-ID.
 * Every connection is kept, with the instance that served it (`X-Served-By` of the balancer). */
export class ReconnectingSse {
  readonly connections: { servedBy: string | null; openedAt: number; client: SseClient }[] = [];
  private closed = false;

  private constructor(
    private readonly client: TestClient,
    private readonly path: string,
  ) {}

  static async open(client: TestClient, path = '/api/sync/events'): Promise<ReconnectingSse> {
    const stream = new ReconnectingSse(client, path);
    await stream.connect();
    return stream;
  }

  private async connect(): Promise<void> {
    const last = this.connections.at(-1)?.client;
    const lastId = last?.events.findLast((e) => e.id)?.id;
    let sse: SseClient;
    try {
      sse = await SseClient.open(this.client, this.path, lastId ? { 'last-event-id': lastId } : {});
    } catch {
      // refused or reset before an answer: try again, as EventSource does
      if (!this.closed) setTimeout(() => void this.connect(), 1000);
      return;
    }
    this.connections.push({ servedBy: sse.headers.get('x-served-by'), openedAt: performance.now(), client: sse });
    void sse.ended.then(() => {
      if (!this.closed) setTimeout(() => void this.connect(), sse.retryMs ?? 1000);
    });
  }

  /** Every event of every connection, in order. */
  get events(): SseEvent[] {
    return this.connections.flatMap((c) => c.client.events);
  }

  /** The first matching event, and the index of the connection that delivered it. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs: number, what: string): Promise<{ event: SseEvent; connection: number }> {
    return this.waitForScan((events) => events.find(pred), timeoutMs, what);
  }

  /** The event `scan` picks from every event so far (in order, across connections), once it picks
   * one, and the index of the connection that delivered it. */
  async waitForScan(scan: (events: SseEvent[]) => SseEvent | undefined, timeoutMs: number, what: string): Promise<{ event: SseEvent; connection: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const event = scan(this.events);
      if (event) return { event, connection: this.connections.findIndex((c) => c.client.events.includes(event)) };
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    this.closed = true;
    for (const c of this.connections) c.client.close();
  }
}
