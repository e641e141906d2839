// A keep-alive HTTP client on node:http, for the shutdown tests: one connection at a time per
// client (as a browser tab's fetches or a load balancer's pooled connection), and failures told
// apart by what reached the server. A refused connection means the request was never sent.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Outcome = { kind: 'answered'; answer: Answer } | { kind: 'refused' } | { kind: 'failed'; code: string; reusedSocket: boolean };

export class KeepAliveClient {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly headers: Record<string, string>;

  constructor(
    public baseUrl: string,
    headers: Record<string, string> = {},
  ) {
    this.headers = headers;
  }

  /** Sends one request; the outcome says whether it was answered, refused before being sent, or
   * failed after being sent (which must never happen to a request of a stopping instance). */
  send(method: string, path: string, body?: unknown): Promise<Outcome> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve) => {
      const req = http.request(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          headers: { accept: 'application/json', ...this.headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ kind: 'answered', answer: { status: res.statusCode ?? 0, headers: res.headers, body: text } }));
          res.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'failed', code: err.code ?? err.message, reusedSocket: req.reusedSocket }));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') resolve({ kind: 'refused' });
        else resolve({ kind: 'failed', code: err.code ?? err.message, reusedSocket: req.reusedSocket });
      });
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
