// Structured logs. Cookies, authorization headers and OAuth codes never reach the output.
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.code', '*.code_verifier', '*.password', '*.secret'],
      censor: '[redacted]',
    },
  });
}
