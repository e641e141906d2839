// The built SPA: static assets, and index.html for the SPA's own paths (history mode). index.html
// carries the session state (signed in or not, and the same state as GET /api/v1/session) in a
// JSON data block, so the SPA starts without asking the API (web/src/api/bootSession.ts): the
// signed-out login page sends no request before the user signs in. The block is data, never run:
// the page's content security policy (http/securityHeaders.ts) stays `script-src 'self'`.
import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { isSpaPath, SESSION_STATE_ELEMENT_ID, type SessionState } from '@carbon/shared';
import type { Logger } from '../log';
import type { SessionLifetimes } from '../auth/session';
import { sessionState } from '../auth/sessionState';

export interface SpaDeps {
  /** The built web app (web/dist). */
  webDist: string;
  /** The API's session middlewares (session, lifetimes, current user), in order. */
  session: RequestHandler[];
  lifetimes: SessionLifetimes;
  log: Logger;
}

/** A file missing under /assets (an old build's name, a probe) is the client's mistake, not ours:
 * a plain 4xx, and nothing in the error log. */
const assetError: ErrorRequestHandler = (err, _req, res, next) => {
  const status = (err as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return next(err);
  res.status(status).type('text').send(`${STATUS_CODES[status] ?? 'Bad request'}.`);
};

/** The page with the state block before `</head>`. In JSON, `<` only occurs inside strings, where
 * `\u003c` means the same: no value (a user's name) can close the block or open a comment. */
export function withSessionState(html: string, state: { session: SessionState | null }): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${SESSION_STATE_ELEMENT_ID}">${json}</script>`;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

const run = (handler: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => {
    void handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });

export function serveSpa(app: express.Express, d: SpaDeps): void {
  const index = path.join(d.webDist, 'index.html');

  /** The session as GET /api/v1/session would answer it (null: signed out); undefined when it
   * cannot be read (the database is away): the page then goes without, and the SPA asks the API. */
  async function stateOf(req: Request, res: Response): Promise<{ session: SessionState | null } | undefined> {
    try {
      for (const handler of d.session) await run(handler, req, res);
    } catch (err) {
      d.log.warn({ err: { message: (err as Error).message } }, 'index.html served without the session state');
      return undefined;
    }
    const s = req.session as unknown as { userId?: number; createdAt: number; lastSeenAt: number } | undefined;
    return { session: req.user && s?.userId !== undefined ? sessionState(req.user, s, d.lifetimes) : null };
  }

  app.use('/assets', express.static(path.join(d.webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use('/assets', assetError);
  app.use(express.static(d.webDist, { index: false, maxAge: '1h' }));
  app.get('/{*splat}', async (req, res) => {
    const status = isSpaPath(req.path) ? 200 : 404;
    let html: string;
    try {
      html = await fs.promises.readFile(index, 'utf8');
    } catch {
      // Unknown paths stay 404 whether or not the SPA is built.
      res.status(status === 404 ? 404 : 503).type('text').send(status === 404 ? 'Not found.' : 'The web app is not built yet: run `npm run build`.');
      return;
    }
    const state = await stateOf(req, res);
    // The page now carries personal data (the user's name and email): no cache may keep it.
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('html').send(state ? withSessionState(html, state) : html);
  });
}
