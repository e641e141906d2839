// One BFF instance for the Path 1 benchmark, in its own process so that the load generator does
// not share its event loop. Configuration comes from the environment (see path1.ts); the
// development IdP and demo data start with it. Prints READY when listening; stops on SIGTERM, and
// when the benchmark that started it goes away (its stdin closes), so that it never outlives it.
import { loadConfig } from '../../bff/src/config';
import { startServer } from '../../bff/src/server';
import { stopOnSignalsOrStdinEnd } from '../../bff/src/dev/stopWithStdin';

const server = await startServer(loadConfig());
process.stdout.write(`READY ${server.url} ${server.issuer}\n`);
const stop = () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
stopOnSignalsOrStdinEnd(stop);
