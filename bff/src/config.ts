// Configuration from the environment, validated once at start. A bad value stops the process
// with a message naming the variable.
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
  UPLOAD_MAX_BYTES: positiveInt.default(50 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UNIT_DIRECTORY: z.string().optional(),
});

export type Config = z.infer<typeof schema> & { PUBLIC_ORIGIN: string };

export class ConfigError extends Error {}

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
  }
  return { ...c, PUBLIC_ORIGIN: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}
