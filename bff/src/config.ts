// Configuration from the environment, validated once at start. A bad value stops the process
// with a message naming the variable.
import net from 'node:net';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  OAUTH_ISSUER_URL: z.url().optional(),
  OAUTH_CLIENT_ID: z.string().min(1).default('carbon-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_SCOPE: z.string().default('openid profile email'),
  DEV_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  COOKIE_SECURE: bool.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  // How long an instance may remember sessions, users, factors and module addresses; changes
  // reach it at once through NOTIFY, this only bounds a missed notice. 0: read every time.
  CACHE_SECONDS: z.coerce.number().min(0).default(30),
  // Connections of one instance's request pool (jobs have their own). Measured on 2 cores with
  // 32 concurrent writers (bench/path1.ts): 8 beat 4, 12 and 30 (docs/decisions.md).
  DATABASE_POOL_SIZE: positiveInt.default(8),
  POLLER_INTERVAL_SECONDS: z.coerce.number().positive().default(10),
  JOB_CONCURRENCY: positiveInt.default(4),
  // A RUNNING job whose instance has been silent this long is rescued by another instance.
  JOB_RESCUE_AFTER_SECONDS: z.coerce.number().positive().default(60),
  LOGIN_RATE_PER_MINUTE: positiveInt.default(30),
  // Which proxies in front of the instance may name the client (X-Forwarded-For): none by default.
  TRUST_PROXY: z.string().default(''),
  // At SIGTERM, how long running jobs may go on before they are handed back to other instances:
  // long enough for a 100,000-row CSV ingest on a loaded machine.
  JOB_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(120),
  // The hard limit of a shutdown: past it the process exits whatever is still running.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(150),
  SSE_MAX_STREAMS_PER_USER: positiveInt.default(10),
  // Worker threads writing PDF exports (default: one per core), exports one user may have in
  // preparation at once on an instance, and the memory kept for finished exports by report version.
  EXPORT_WORKERS: positiveInt.optional(),
  EXPORT_MAX_PER_USER: positiveInt.default(2),
  EXPORT_CACHE_MB: z.coerce.number().min(0).default(64),
  UPLOAD_MAX_BYTES: positiveInt.default(50 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // JSON lines for machines; readable one-line entries for a developer's terminal. Default: pretty
  // in development, json otherwise.
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  UNIT_DIRECTORY: z.string().optional(),
  // Prometheus metrics on their own port (never behind the public load balancer); unset: off.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

/** Express's `trust proxy` as configured: nothing, a number of hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

export type Config = Omit<z.infer<typeof schema>, 'TRUST_PROXY' | 'LOG_FORMAT'> & { PUBLIC_ORIGIN: string; TRUST_PROXY: TrustProxy; LOG_FORMAT: 'json' | 'pretty' };

export class ConfigError extends Error {}

// proxy-addr's names for address ranges, which Express accepts in a list.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Express takes it. Trusting every address (`true`) is refused: any client could
 * then pick the address the rate limiter sees. */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length) {
    throw new ConfigError(
      `TRUST_PROXY: expected a number of proxy hops, or a comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal; not understood: ${bad.join(', ')}`,
    );
  }
  return entries;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An origin only this machine can reach: cookies without Secure cannot leak over a network. */
export const isLoopbackOrigin = (origin: string): boolean => LOOPBACK_HOSTS.has(new URL(origin).hostname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.OIDC_DISCOVERY_URL !== undefined) {
    throw new ConfigError('OIDC_DISCOVERY_URL is obsolete: set OAUTH_ISSUER_URL (the identity provider issuer URL) instead.');
  }
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production') {
    const missing = (['DATABASE_URL', 'OAUTH_ISSUER_URL', 'OAUTH_CLIENT_SECRET', 'SESSION_SECRET', 'PUBLIC_ORIGIN'] as const).filter((k) => !c[k]);
    if (missing.length) throw new ConfigError(`Production requires: ${missing.join(', ')}`);
    if (c.LOG_FORMAT === 'pretty') {
      throw new ConfigError('LOG_FORMAT=pretty is for development (its printer is a development dependency): production logs are JSON lines.');
    }
    if (!c.COOKIE_SECURE && !isLoopbackOrigin(c.PUBLIC_ORIGIN!)) {
      throw new ConfigError(
        `COOKIE_SECURE must be true in production: without it the session cookie travels without the Secure flag. Serve ${c.PUBLIC_ORIGIN} over HTTPS and set COOKIE_SECURE=true (only a loopback PUBLIC_ORIGIN such as http://localhost may go without).`,
      );
    }
  }
  if (c.SHUTDOWN_TIMEOUT_SECONDS <= c.JOB_SHUTDOWN_GRACE_SECONDS) {
    throw new ConfigError(
      `SHUTDOWN_TIMEOUT_SECONDS (${c.SHUTDOWN_TIMEOUT_SECONDS}) must be larger than JOB_SHUTDOWN_GRACE_SECONDS (${c.JOB_SHUTDOWN_GRACE_SECONDS}): the jobs' grace runs inside the shutdown.`,
    );
  }
  return {
    ...c,
    PUBLIC_ORIGIN: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    TRUST_PROXY: parseTrustProxy(c.TRUST_PROXY),
    LOG_FORMAT: c.LOG_FORMAT ?? (c.NODE_ENV === 'development' ? 'pretty' : 'json'),
  };
}
