// The server creates requests and responses that Express need not re-prototype, and the app
// behaves as with a plain server: routing, JSON bodies in and out, headers, status codes.
import http from 'node:http';
import express from 'express';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createHttpServer } from './httpServer';

const app = express();
app.use(express.json());
app.post('/echo', (req, res) => {
  res.status(201).set('X-Seen', String(req.get('x-mark'))).json({ body: req.body, isRequest: req instanceof http.IncomingMessage, app: req.app === app });
});
const server = createHttpServer(app);
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

it('serves an Express app whose requests and responses keep their prototype', async () => {
  const original = Object.setPrototypeOf;
  const calls: { changed: boolean; proto: object | null }[] = [];
  vi.spyOn(Object, 'setPrototypeOf').mockImplementation((o: object, proto: object | null) => {
    if (o instanceof http.IncomingMessage || o instanceof http.ServerResponse) calls.push({ changed: Object.getPrototypeOf(o) !== proto, proto });
    return original(o, proto);
  });
  const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-mark': 'm1' }, body: JSON.stringify({ a: [1, 2] }) });
  expect(res.status).toBe(201);
  expect(res.headers.get('x-seen')).toBe('m1');
  expect(await res.json()).toEqual({ body: { a: [1, 2] }, isRequest: true, app: true });
  // Express still calls Object.setPrototypeOf on both, but neither changes.
  expect(calls.map((c) => c.proto)).toEqual(expect.arrayContaining([app.request, app.response]));
  expect(calls.filter((c) => c.changed)).toEqual([]);
});

it('answers unknown routes with Express 404', async () => {
  const res = await fetch(`${base}/nope`);
  expect(res.status).toBe(404);
});
