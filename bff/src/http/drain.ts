// Stopping the HTTP side without losing a request. Once draining:
//  - no new connection is accepted (a client gets "connection refused" and can safely go to
//    another instance: nothing was sent);
//  - every answer not yet begun says `Connection: close`, so keep-alive clients learn of the
//    shutdown from an answer and never send another request on that connection;
//  - an answer already under way (an event stream, a long download) could not say so: its
//    connection is ended right after its last byte;
//  - a keep-alive connection left idle is closed only after it stayed idle a moment, since a
//    request its client sent just before the shutdown may still be on its way. (Node's
//    server.close() closes idle connections at once, which cut exactly those requests.)
// Requests in flight finish and get their answers; the drain is over when no connection is left.
import net from 'node:net';
import type http from 'node:http';

/** How long an idle keep-alive connection is kept once draining starts, for a request already on
 * its way; a connection idle that long is closed. Far above a round trip, far below any
 * load balancer's health-check period. */
const IDLE_GRACE_MS = 1000;

/** The answer a connection is busy with: Node sets `_httpMessage` from the moment a request's
 * headers are read until its answer is fully written (closeIdleConnections relies on it too). */
const answerOf = (socket: net.Socket) => (socket as net.Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage ?? undefined;

export class HttpDrain {
  private readonly sockets = new Set<net.Socket>();
  private draining: Promise<void> | undefined;

  constructor(private readonly server: http.Server) {
    // Per connection, not per request: nothing on the request path.
    server.on('connection', (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Cuts every connection left: past the shutdown's hard limit only. */
  closeAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Starts draining (once); resolves when the last connection has closed. */
  drain(): Promise<void> {
    this.draining ??= this.start();
    return this.draining;
  }

  private start(): Promise<void> {
    // net's close, not http's: it stops accepting without closing idle connections at once.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(this.server, () => resolve()));
    // Connections that carried a request since the last sweep: they close after its answer.
    let busy = new WeakSet<net.Socket>();
    this.server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      res.shouldKeepAlive = false;
      busy.add(req.socket);
    });
    for (const socket of this.sockets) {
      const answer = answerOf(socket);
      if (!answer) continue;
      if (!answer.headersSent) answer.shouldKeepAlive = false;
      else answer.once('finish', () => socket.end());
    }
    let timer: NodeJS.Timeout;
    const sweep = () => {
      // From the check phase: data that arrived meanwhile has been read (and its request has
      // begun) before a connection is judged idle.
      setImmediate(() => {
        for (const socket of this.sockets) if (!answerOf(socket) && !busy.has(socket)) socket.destroy();
        busy = new WeakSet();
        if (this.sockets.size) timer = setTimeout(sweep, IDLE_GRACE_MS).unref();
      });
    };
    timer = setTimeout(sweep, IDLE_GRACE_MS).unref();
    return closed.then(() => clearTimeout(timer));
  }
}
