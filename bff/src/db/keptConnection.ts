// A dedicated connection an instance keeps open for as long as it runs (the LISTEN connection,
// the job runner's liveness session): set up on every connect, checked by a keepalive query, and
// opened again with backoff whenever it is lost. Its owner learns of each loss and each new
// connection, since what lived on the old session (LISTENs, session locks) died with it.
import pg from 'pg';
import type { Logger } from 'pino';

export interface KeptConnectionOptions {
  connectionString: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  log: Logger;
  /** What the connection is for, in log lines ("job event listener"). */
  name: string;
  /** Runs on each new connection before it is adopted (LISTEN, a session lock); a failure closes
   * the connection and counts as a failed connect. */
  setup(client: pg.Client): Promise<void>;
  /** A keepalive query this often; an answer slower than this counts as a dead link. */
  keepaliveMs?: number;
  maxBackoffMs?: number;
}

export class KeptConnection {
  private client: pg.Client | undefined;
  /** A connection being opened or set up, so that stop() can end it too. */
  private opening: pg.Client | undefined;
  private readonly connectedFns = new Set<(again: boolean) => void>();
  private readonly lostFns = new Set<() => void>();
  private keepalive: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private backoffMs = 0;
  private stopped = false;
  /** Connections made so far (1 = the first); visible for operations and tests. */
  connects = 0;

  constructor(private readonly opts: KeptConnectionOptions) {}

  /** After each connection is set up; `again` from the second on. */
  onConnected(fn: (again: boolean) => void): () => void {
    this.connectedFns.add(fn);
    return () => this.connectedFns.delete(fn);
  }

  /** When an adopted connection is lost (a new one is then being opened). */
  onLost(fn: () => void): () => void {
    this.lostFns.add(fn);
    return () => this.lostFns.delete(fn);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects once; on failure, keeps trying in the background and rejects with the error. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      this.scheduleReconnect();
      throw err;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.keepalive);
    const clients = [this.client, this.opening].filter((c): c is pg.Client => c !== undefined);
    this.client = this.opening = undefined;
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.connectionString, keepAlive: true, application_name: this.opts.applicationName });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    this.opening = client;
    try {
      await client.connect();
      await this.opts.setup(client);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    } finally {
      if (this.opening === client) this.opening = undefined;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.connects++;
    this.backoffMs = 0;
    this.startKeepalive(client);
    for (const fn of this.connectedFns) fn(this.connects > 1);
  }

  private startKeepalive(client: pg.Client): void {
    const every = this.opts.keepaliveMs ?? 30_000;
    clearInterval(this.keepalive);
    this.keepalive = setInterval(() => {
      const timeout = setTimeout(() => this.lost(client, new Error('keepalive timed out')), every);
      client.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (err: unknown) => {
          clearTimeout(timeout);
          this.lost(client, err);
        },
      );
    }, every);
    this.keepalive.unref();
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.client !== client) return; // already handled, or never adopted
    this.client = undefined;
    clearInterval(this.keepalive);
    client.end().catch(() => {});
    if (this.stopped) return;
    this.opts.log.warn({ err }, `${this.opts.name} lost its connection; reconnecting`);
    for (const fn of this.lostFns) fn();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.backoffMs = Math.min(this.opts.maxBackoffMs ?? 10_000, Math.max(100, this.backoffMs * 2));
    const delay = this.backoffMs * (0.5 + Math.random() / 2);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((err: unknown) => {
        if (this.stopped) return;
        this.opts.log.warn({ err }, `${this.opts.name} could not reconnect`);
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
