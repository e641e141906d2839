// Structured logs. Cookies, authorization headers and OAuth codes never reach the output, nor
// does any stack trace: an error is logged by what identifies it (its type, message and error
// code), not by the code it ran through.
// `json`: one JSON line per entry (production, tests, log collectors). `pretty`: one readable,
// coloured line per entry for a developer's terminal, printed by pino-pretty in a worker thread
// (a development dependency: the configuration refuses it in production).
import pino from 'pino';
import { systemClock, type Clock } from './core/clock';

export type Logger = pino.Logger;

/** An error code as PostgreSQL (SQLSTATE) and Node (EPIPE, ECONNRESET) name them; anything
 * else under `code` may be an OAuth code and is left out. */
const ERROR_CODE = /^[A-Z0-9_]{2,40}$/;

interface LoggedError {
  type: string;
  message: string;
  error_code?: string;
  constraint?: string;
  cause?: LoggedError;
}

/** What identifies an error, without its stack (pino's default serializer keeps it). */
export function errorFields(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err) };
  const e = err as Error & { code?: unknown; constraint?: unknown };
  return {
    type: e.constructor?.name ?? 'Error',
    message: e.message,
    ...(typeof e.code === 'string' && ERROR_CODE.test(e.code) ? { error_code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: errorFields(e.cause, depth + 1) } : {}),
  };
}

/** `destination`: where JSON lines go instead of standard output (tests read them). */
export function createLogger(level: string, format: 'json' | 'pretty' = 'json', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: errorFields },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.code', '*.code_verifier', '*.password', '*.secret'],
      censor: '[redacted]',
    },
  };
  if (format === 'json') return destination ? pino(options, destination) : pino(options);
  return pino({
    ...options,
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: Boolean(process.stdout.isTTY),
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss',
        // A job transition reads "job transition #12 csv_ingest RUNNING → FINISHED SUCCESS in 840 ms".
        messageFormat: '{msg}{if job_id} #{job_id} {job_type}{end}{if from} {from} → {to}{end}{if result} {result}{end}{if duration_ms} in {duration_ms} ms{end}',
        ignore: 'pid,hostname,component,instance,pipeline_id,job_id,job_type,from,to,result,duration_ms,attempt',
      },
    },
  });
}

/**
 * Lines of one kind at most once per `everyMs` (a second) of `clock`. A failure that every request
 * meets during an outage (the database gone) would otherwise write a line per request, thousands
 * a minute; the first of each second is written, the others counted, and the next line of the
 * kind says how many were left out (`suppressed`). Kinds are a few fixed names, never data.
 */
export class LogThrottle {
  private readonly kinds = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly log: Logger,
    private readonly clock: Clock = systemClock,
    private readonly everyMs = 1000,
  ) {}

  warn(kind: string, fields: object, msg: string): void {
    this.write('warn', kind, fields, msg);
  }

  error(kind: string, fields: object, msg: string): void {
    this.write('error', kind, fields, msg);
  }

  private write(level: 'warn' | 'error', kind: string, fields: object, msg: string): void {
    const now = this.clock.now();
    const last = this.kinds.get(kind);
    if (last && now - last.at < this.everyMs) {
      last.suppressed++;
      return;
    }
    this.kinds.set(kind, { at: now, suppressed: 0 });
    this.log[level](last?.suppressed ? { ...fields, suppressed: last.suppressed } : fields, msg);
  }
}
