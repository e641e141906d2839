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
