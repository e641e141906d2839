// Structured logs. Cookies, authorization headers and OAuth codes never reach the output.
// `json`: one JSON line per entry (production, tests, log collectors). `pretty`: one readable,
// coloured line per entry for a developer's terminal, printed by pino-pretty in a worker thread
// (a development dependency: the configuration refuses it in production).
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, format: 'json' | 'pretty' = 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.code', '*.code_verifier', '*.password', '*.secret'],
      censor: '[redacted]',
    },
  };
  if (format === 'json') return pino(options);
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
