// index.html carries the session state (bff/src/http/spa.ts): the SPA starts without asking the
// API whether someone is signed in. Against a small built page of its own, not web/dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STATE_ELEMENT_ID } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { login, type TestClient } from './support/httpClient';

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Carbon</title></head><body><div id="app"></div></body></html>';
const BLOCK = new RegExp(`<script type="application/json" id="${SESSION_STATE_ELEMENT_ID}">(.*?)</script>`, 's');

let stack: TestStack;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), PAGE);
  stack = await startTestStack({ webDist });
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The page at `url` and the state it carries (parsed as the SPA does). */
async function page(c: TestClient, url: string) {
  const res = await c.get(url, { accept: 'text/html' });
  const html = res.body as string;
  const block = BLOCK.exec(html)?.[1];
  return { res, html, block, state: block === undefined ? undefined : (JSON.parse(block) as { session: any }) };
}

describe('the session state in index.html', () => {
  it('says "signed out" to a visitor without a session, in a page no cache keeps, under the strict policy', async () => {
    const c = stack.client();
    const { res, html, state } = await page(c, '/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(state).toEqual({ session: null });
    // The block sits in the page's head; the page is otherwise the built one.
    expect(html.replace(BLOCK, '')).toBe(PAGE);
    expect(html.indexOf(`id="${SESSION_STATE_ELEMENT_ID}"`)).toBeLessThan(html.indexOf('</head>'));
    // Data, not a script: the policy still runs nothing inline.
    const directives = res.headers.get('content-security-policy')!.split(';').map((d) => d.trim());
    expect(directives).toContain("script-src 'self'");
    // No session is started for a visitor.
    expect(res.headers.getSetCookie().some((l) => l.startsWith('auth_token='))).toBe(false);
  });

  it('gives a signed-in user the state GET /api/v1/session answers, on any of the SPA paths', async () => {
    const c = stack.client();
    await login(c, 'alice');
    const api = await c.get('/api/v1/session');
    for (const url of ['/workspace', '/u/1/2025', '/login']) {
      const { res, state } = await page(c, url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(state?.session).toEqual(api.body);
    }
  });

  it('keeps a 404 for paths the SPA does not serve, with the state', async () => {
    const { res, state } = await page(stack.client(), '/no/such/page.php');
    expect(res.status).toBe(404);
    expect(state).toEqual({ session: null });
  });

  it('says "signed out" once the user has signed out', async () => {
    const c = stack.client();
    await login(c, 'bob');
    expect((await page(c, '/workspace')).state?.session?.user.sub).toBe('bob');
    expect((await c.delete('/api/v1/session')).status).toBe(200);
    expect((await page(c, '/workspace')).state).toEqual({ session: null });
  });

  it('escapes < so that no value can close the block or open a comment', async () => {
    const c = stack.client();
    await login(c, 'alice');
    const name = '</script><script>alert(1)</script><!-- Alice & "Co" -->';
    await stack.server.pool.query(`UPDATE users SET name = $1 WHERE sub = 'alice'`, [name]);
    // The change reaches the instance's memory of the user through NOTIFY.
    const deadline = Date.now() + 5_000;
    let seen = await page(c, '/workspace');
    while (seen.state?.session?.user.name !== name && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await page(c, '/workspace');
    }
    expect(seen.state?.session?.user.name).toBe(name);
    expect(seen.block).not.toContain('<');
    expect(seen.block).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--');
    // One script element in the page: the block, closed by its own end tag.
    expect(seen.html.match(/<script/g)).toHaveLength(1);
  });
});
