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
  // Development only, so imported only then (as the demo data below).
  const group = config.DATABASE_URL ? undefined : await import('./dev/ownProcessGroup');
  if (group?.runInOwnProcessGroup()) return;
  const server = await startServer(config);
  stopOnSignals(server, config.SHUTDOWN_TIMEOUT_SECONDS);
  group?.stopWithParent();
  const lines = [`\nCarbon footprint calculator is running at ${config.PUBLIC_ORIGIN}`];
  if (!config.OAUTH_ISSUER_URL) {
    // Development only, so imported only then: production never loads the demo data.
    const { accountLines } = await import('./dev/accounts');
    await (await import('./dev/demoEntries')).demoSettled(server.pool);
    lines.push(`Development identity provider: ${server.issuer}`, ...accountLines());
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
