// `npm run cluster`: three instances of the production artifact behind HAProxy (dev/cluster.ts),
// with PostgreSQL and the development IdP, until Ctrl-C. CLUSTER_PORT (default 3100) is the
// balancer's port; DATABASE_URL an existing PostgreSQL instead of the embedded one (kept in
// bff/.data/cluster/pg).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cluster, INSTANCE_NAMES } from './cluster';
import { accountLines } from './accounts';

const basePort = Number(process.env.CLUSTER_PORT ?? 3100);
const dir = path.join(fileURLToPath(new URL('../..', import.meta.url)), '.data', 'cluster');
const log = (line: string) => console.log(`cluster: ${line}`);

const cluster = await Cluster.start({ basePort, dir, databaseUrl: process.env.DATABASE_URL, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, log }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

let stopping = false;
const stop = () => {
  // A second Ctrl-C does not wait for the graceful stop.
  if (stopping) process.exit(1);
  stopping = true;
  log('stopping (Ctrl-C again to exit at once)');
  cluster.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const lines = [
  `\nCarbon footprint calculator (cluster) is running at ${cluster.url}`,
  `  HAProxy (deploy/haproxy.cfg) in front of ${INSTANCE_NAMES.map((n) => `${n} on ${cluster.portOf(n)}`).join(', ')}: node bff/dist/main.js, NODE_ENV=production`,
  `  Development identity provider: ${cluster.idp.issuer}`,
  `  HAProxy stats socket: ${cluster.socket}`,
  ...accountLines(),
  'Ctrl-C stops everything.',
];
console.log(lines.join('\n') + '\n');
