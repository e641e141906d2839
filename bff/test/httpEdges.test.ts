// The edges of the HTTP layer: text PostgreSQL cannot store is refused with 422 before any
// handler (bff/src/http/inputGuard.ts), a missing asset is a quiet 404, and API answers are
// never cached except where a route revalidates on purpose.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { SseClient } from './support/sse';

let stack: TestStack;
let ids: DemoIds;
/** Every line the instance logs, parsed. */
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  stack = await startTestStack({ log: pino({ level: 'info' }, sink) });
  ids = await demoIds(stack.server.pool);
});
afterAll(() => stack?.stop());

const errorLogs = () => logLines.filter((l) => l.level >= 50);
const unit = () => ids.unit['CLIMATE-LAB']!;

describe('text the database cannot store', () => {
  it('refuses NUL in a search q with 422 naming q', async () => {
    const c = await as(stack, 'alice');
    for (const path of ['/api/locations/airports?q=GV%00A', '/api/locations/places?q=Gen%00&country=CH', `/api/modules/${unit()}/2025/professional-travel/plane?q=a%00b`]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(422);
      expect(res.body.detail).toMatch(/^Invalid request: q: /);
      expect(res.body.errors).toEqual([{ field: 'q', message: 'must not contain the NUL character (U+0000)', code: 'unsafe_text', params: {} }]);
    }
  });

  it('refuses NUL in a JSON body field with 422 naming the field, nothing stored', async () => {
    const c = await as(stack, 'alice');
    const res = await c.post(`/api/modules/${unit()}/2025/headcount/member`, { user_institutional_id: '100001', name: 'Nul\u0000Name', fte: 1 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'name', message: 'must not contain the NUL character (U+0000)', code: 'unsafe_text', params: {} }]);
    const stored = await stack.server.pool.query(`SELECT 1 FROM data_entries WHERE data->>'name' LIKE 'Nul%'`);
    expect(stored.rowCount).toBe(0);
  });

  it('parses the JSON escape "\\u0000" into a NUL and refuses it, nested fields named by their path', async () => {
    const c = await as(stack, 'alice');
    // Written by hand: the escape as a client sends it, in a nested object and an array.
    const raw = '{"user_institutional_id":"100001","name":"ok","fte":1,"extra":{"notes":["fine","bad\\u0000"]}}';
    const res = await c.post(`/api/modules/${unit()}/2025/headcount/member`, raw, { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'extra.notes.1', message: 'must not contain the NUL character (U+0000)', code: 'unsafe_text', params: {} }]);
  });

  it('refuses a lone surrogate in a JSON body field, and in a key', async () => {
    const c = await as(stack, 'alice');
    const url = `/api/modules/${unit()}/2025/headcount/member`;
    const lone = await c.post(url, '{"user_institutional_id":"100001","name":"half \\ud83d of an emoji","fte":1}', { 'content-type': 'application/json' });
    expect(lone.status).toBe(422);
    expect(lone.body.errors).toEqual([{ field: 'name', message: 'must be valid Unicode text (it contains an unpaired surrogate)', code: 'unsafe_text', params: {} }]);
    const lowOnly = await c.post(url, '{"\\udc00key":"x"}', { 'content-type': 'application/json' });
    expect(lowOnly.status).toBe(422);
    expect(lowOnly.body.errors[0].field).toBe('\\udc00key');
    // A pair is one character: accepted like any other text.
    const pair = await c.post(url, { user_institutional_id: '100001', name: 'Emoji 🌍', fte: 1 });
    expect(pair.status).toBe(201);
  });

  it('refuses an encoded surrogate or NUL in a path parameter and in a query, before any database call', async () => {
    const c = await as(stack, 'alice');
    const surrogate = '%ED%A0%80'; // U+D800 as UTF-8 would write it, which UTF-8 forbids
    const inPath = await c.get(`/api/modules/${surrogate}/2025/headcount/members`);
    expect(inPath.status).toBe(422);
    expect(inPath.body.errors).toEqual([{ field: 'path', message: `must be valid UTF-8 once percent-decoded: ${surrogate}`, code: 'unsafe_text', params: {} }]);
    const nulInPath = await c.get(`/api/modules/${unit()}/2025/headcount%00/plane`);
    expect(nulInPath.status).toBe(422);
    expect(nulInPath.body.errors[0].field).toBe('path');
    const inQuery = await c.get(`/api/locations/airports?q=${surrogate}`);
    expect(inQuery.status).toBe(422);
    expect(inQuery.body.errors).toEqual([{ field: 'q', message: 'must be valid UTF-8 once percent-decoded', code: 'unsafe_text', params: {} }]);
    // Refused before the session is even read: no cookie, still 422 (not 401).
    expect((await stack.client().get(`/api/locations/airports?q=${surrogate}`)).status).toBe(422);
  });

  it('keeps ordinary escapes working: a stray %, accents, spaces', async () => {
    const c = await as(stack, 'alice');
    expect((await c.get('/api/locations/places?q=Gen%C3%A8ve')).status).toBe(200);
    expect((await c.get('/api/locations/airports?q=100%')).status).toBe(200);
    expect((await c.get('/api/locations/places?q=New+York')).status).toBe(200);
  });

  it('answers a raw NUL byte inside JSON text as malformed JSON (400), not 500', async () => {
    const res = await stack.client().post('/api/v1/session/login', '{"return_to":"/a\u0000b"}', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('logged no error for any of it', () => {
    expect(errorLogs()).toEqual([]);
  });
});

describe('request bodies', () => {
  // 1 MB of nested arrays, one bracket short: not JSON, so an answer about its syntax (400)
  // would show that it was parsed.
  const nested = '['.repeat(500_000) + ']'.repeat(499_999);
  const json = { 'content-type': 'application/json' };

  it('are read only after the origin check: a foreign origin gets 403, its body never parsed', async () => {
    const res = await stack.client().post(`/api/modules/${unit()}/2025/headcount/member`, nested, { ...json, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'cross_origin', detail: 'Cross-origin request refused.' });
    const signIn = await stack.client().post('/api/v1/session/login', nested, { ...json, origin: 'https://evil.example' });
    expect(signIn.status).toBe(403);
  });

  it('are read only after the session check: without a session, 401, its body never parsed', async () => {
    for (const [method, path] of [
      ['POST', `/api/modules/${unit()}/2025/headcount/member`],
      ['PATCH', `/api/v1/carbon_reports/${ids.report['CLIMATE-LAB/2025']}/modules/headcount/status`],
      ['POST', '/api/access/grant'],
      ['POST', '/api/sync/factors/carry-over'],
    ] as const) {
      const res = await stack.client().request(method, path, nested, json);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
    }
  });

  it('over the route’s limit are refused with 413 and a detail, never parsed', async () => {
    const c = await as(stack, 'alice');
    const big = `{"status":"validated","padding":"${'x'.repeat(20_000)}"`;
    for (const [method, path] of [
      ['PATCH', `/api/v1/carbon_reports/${ids.report['CLIMATE-LAB/2025']}/modules/headcount/status`],
      ['POST', `/api/modules/${unit()}/2025/headcount/member`],
      ['POST', '/api/v1/session/login'],
    ] as const) {
      const res = await c.request(method, path, big, json);
      expect(res.status, path).toBe(413);
      expect(res.body).toMatchObject({ code: 'body_too_large', params: { max: expect.any(Number) } });
      expect(res.body.detail).toMatch(/^The request body is too large: this route takes at most [\d,]+ bytes\.$/);
    }
  });

  it('as large as an entry may be are taken: every field at its longest, each character escaped', async () => {
    const c = await as(stack, 'alice');
    const escaped = (n: number) => '\\u00e9'.repeat(n);
    const raw = `{"user_institutional_id":"100077","name":"${escaped(200)}","position":"${escaped(200)}","fte":1}`;
    const res = await c.post(`/api/modules/${unit()}/2025/headcount/member`, raw, json);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.name).toBe('é'.repeat(200));
  });
});

describe('static assets', () => {
  it('answers a missing asset with a plain 404 and no error log line', async () => {
    const before = errorLogs().length;
    const res = await stack.client().raw(`${stack.server.url}/assets/no-such-file-4f2a.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Not Found.');
    // Pino writes synchronously, before the answer leaves: a line would be there by now.
    expect(errorLogs().length).toBe(before);
  });
});

describe('Cache-Control', () => {
  it('is no-store on API answers: data, errors, health', async () => {
    const c = await as(stack, 'alice');
    for (const path of ['/api/v1/session', `/api/v1/units`, '/api/locations/airports?q=GVA', '/api/no-such-route', '/api/health', '/api/ready']) {
      expect((await c.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await stack.client().get('/api/v1/session')).headers.get('cache-control')).toBe('no-store'); // 401
    const write = await c.post(`/api/modules/${unit()}/2025/headcount/member`, { user_institutional_id: '100009', name: 'Cache Test', fte: 1 });
    expect(write.status).toBe(201);
    expect(write.headers.get('cache-control')).toBe('no-store');
  });

  it('is private and revalidating on the member list (GET …/headcount/members), which answers 304 when unchanged', async () => {
    const c = await as(stack, 'alice');
    const path = `/api/modules/${unit()}/2025/headcount/members`;
    const first = await c.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    // As a browser revalidates (fetch() would add `no-cache` to a bare If-None-Match).
    const again = await c.get(path, { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('is no-cache, no-transform on the event stream', async () => {
    const sse = await SseClient.open(await as(stack, 'alice'));
    expect(sse.status).toBe(200);
    expect(sse.headers.get('cache-control')).toBe('no-cache, no-transform');
    sse.close();
  });
});
