// `npm start`: runs one instance of the service and prints how to use it.
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';
import { stopOnSignals } from './shutdown';

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
  const lines = [`\nCarbon footprint calculator is running at ${config.PUBLIC_ORIGIN}`];
  if (!config.OAUTH_ISSUER_URL) {
    // Development only, so imported only then: production never loads the demo data.
    const { DEV_ACCOUNTS } = await import('./dev/accounts');
    await (await import('./dev/demoEntries')).demoSettled(server.pool);
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
