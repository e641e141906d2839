// How a process of the service ends on SIGTERM or SIGINT: the graceful stop of the running server
// (server.ts), bounded by SHUTDOWN_TIMEOUT_SECONDS. Used by main.ts and by the processes the
// multi-process tests start, so that both stop the same way.
import type { RunningServer } from './server';

export function stopOnSignals(server: RunningServer, timeoutSeconds: number): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C at a terminal: the person wants out now, grace or not.
      if (signal === 'SIGINT') {
        server.log.warn('second interrupt: exiting without waiting');
        process.exit(1);
      }
      return;
    }
    stopping = true;
    server.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      server.log.error({ timeout_s: timeoutSeconds }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting anyway');
      process.exit(1);
    }, timeoutSeconds * 1000).unref();
    server.stop().then(
      () => {
        server.log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        server.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
