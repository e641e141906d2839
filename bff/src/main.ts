// `npm start`: runs one instance of the service and prints how to use it.
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';
import { DEV_ACCOUNTS } from './dev/accounts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const server = await startServer(config);
  const lines = [`\nCarbon footprint calculator is running at ${config.PUBLIC_ORIGIN}`];
  if (!config.OAUTH_ISSUER_URL) {
    lines.push(`Development identity provider: ${server.issuer}`, 'Test accounts (username / password, role):');
    for (const a of DEV_ACCOUNTS) {
      lines.push(`  ${a.username.padEnd(6)} / ${a.password.padEnd(11)} ${a.roles.map((r) => (r.unit ? `${r.role} of ${r.unit}` : r.role)).join(', ')}`);
    }
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
