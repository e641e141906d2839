// The development identity provider as a process of its own (started by idpProcess.ts): options
// in DEV_IDP_OPTIONS (JSON), "READY <issuer>" on stdout once listening. It stops on SIGTERM, and
// when its parent goes away (its stdin closes), so that it never outlives the BFF.
import { startDevIdp, type DevIdpOptions } from './idp';
import { stopOnSignalsOrStdinEnd } from './stopWithStdin';

const options = JSON.parse(process.env.DEV_IDP_OPTIONS ?? '{}') as DevIdpOptions;
const idp = await startDevIdp(options);
process.stdout.write(`READY ${idp.issuer}\n`);

const stop = () => {
  idp.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
stopOnSignalsOrStdinEnd(stop);
