// `npm start`'s entry point in production refuses cookies without Secure before it touches
// anything: the process stops with exit code 2 and a message naming the variable. (The other
// cases of the rule are unit tests of loadConfig: bff/src/config.test.ts.)
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/main.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://carbon@127.0.0.1:9/carbon',
  OAUTH_ISSUER_URL: 'https://idp.example.org/',
  OAUTH_CLIENT_SECRET: 'client-secret',
  SESSION_SECRET: 'a-session-secret-of-some-length',
};

it('refuses to start in production with COOKIE_SECURE unset and a public http origin', async () => {
  const { code, stderr } = await start({ ...production, PUBLIC_ORIGIN: 'http://carbon.example.org' });
  expect(code).toBe(2);
  expect(stderr).toMatch(/^COOKIE_SECURE must be true in production/);
});
