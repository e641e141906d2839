import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://carbon@db.internal/carbon',
  OAUTH_ISSUER_URL: 'https://idp.example.org/',
  OAUTH_CLIENT_SECRET: 'client-secret',
  SESSION_SECRET: 'a-session-secret-of-some-length',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return undefined;
};

describe('production cookies', () => {
  it('refuses COOKIE_SECURE unset or false with a public origin, naming the variable', () => {
    expect(refusal({ ...production, PUBLIC_ORIGIN: 'http://carbon.example.org' })).toMatch(/COOKIE_SECURE/);
    expect(refusal({ ...production, PUBLIC_ORIGIN: 'https://carbon.example.org', COOKIE_SECURE: 'false' })).toMatch(/COOKIE_SECURE/);
  });

  it('accepts COOKIE_SECURE=true', () => {
    expect(loadConfig({ ...production, PUBLIC_ORIGIN: 'https://carbon.example.org', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
  });

  it('lets a loopback origin go without Secure cookies', () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://localhost']) {
      expect(loadConfig({ ...production, PUBLIC_ORIGIN: origin }).COOKIE_SECURE).toBe(false);
    }
  });

  it('does not mistake a host that merely starts like localhost for loopback', () => {
    expect(refusal({ ...production, PUBLIC_ORIGIN: 'http://localhost.example.org' })).toMatch(/COOKIE_SECURE/);
    expect(refusal({ ...production, PUBLIC_ORIGIN: 'http://127.0.0.1.nip.io' })).toMatch(/COOKIE_SECURE/);
  });

  it('leaves development alone', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).COOKIE_SECURE).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('takes a list of addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,loopback, fd00::/8, ::1')).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8', '::1']);
  });

  it('refuses trusting everyone and what it does not understand, naming the variable', () => {
    for (const bad of ['true', 'lb.internal', '10.0.0.0/33', '10.0.0.1/8/1', '300.1.1.1']) {
      expect(refusal({ TRUST_PROXY: bad })).toMatch(/^TRUST_PROXY/);
    }
  });
});

describe('shutdown limits', () => {
  it('gives running jobs 120 s and the whole shutdown 150 s by default', () => {
    const c = loadConfig({});
    expect(c.JOB_SHUTDOWN_GRACE_SECONDS).toBe(120);
    expect(c.SHUTDOWN_TIMEOUT_SECONDS).toBe(150);
  });

  it('refuses a hard limit that is not above the jobs\' grace', () => {
    expect(refusal({ JOB_SHUTDOWN_GRACE_SECONDS: '60', SHUTDOWN_TIMEOUT_SECONDS: '60' })).toMatch(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

describe('log format', () => {
  const secure = { ...production, PUBLIC_ORIGIN: 'https://carbon.example.org', COOKIE_SECURE: 'true' };

  it('is pretty in development and JSON lines elsewhere unless set', () => {
    expect(loadConfig({}).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(loadConfig(secure).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
  });

  it('refuses the pretty printer in production, whose install has no development dependencies', () => {
    expect(refusal({ ...secure, LOG_FORMAT: 'pretty' })).toMatch(/LOG_FORMAT=pretty is for development/);
  });
});
