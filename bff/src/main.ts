// `npm start`: runs one instance of the service and prints how to use it.
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';
import { stopOnSignals } from './shutdown';
import { DEV_ACCOUNTS } from './dev/accounts';
import { demoSettled } from './dev/demoEntries';

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
  stopOnSignals(server, config.SHUTDOWN_TIMEOUT_SECONDS);
  if (!config.OAUTH_ISSUER_URL) await demoSettled(server.pool);
  const lines = [`\nCarbon footprint calculator is running at ${config.PUBLIC_ORIGIN}`];
  if (!config.OAUTH_ISSUER_URL) {
    lines.push(`Development identity provider: ${server.issuer}`, 'Test accounts (username / password, role):');
    for (const a of DEV_ACCOUNTS) {
      lines.push(`  ${a.username.padEnd(6)} / ${a.password.padEnd(11)} ${a.roles.map((r) => (r.unit ? `${r.role} of ${r.unit}` : r.role)).join(', ')}`);
    }
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
