// Starts the development identity provider in a child process rather than inside the BFF: like a
// real provider, it is another service, and oidc-provider's AsyncLocalStorage would otherwise
// switch on promise hooks for the whole BFF, a cost on every request that production does not
// pay (docs/decisions.md).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DevIdp, DevIdpOptions } from './idp';

const MAIN = fileURLToPath(new URL('./idpMain.ts', import.meta.url));

export function startDevIdpProcess(options: DevIdpOptions): Promise<DevIdp> {
  return new Promise((resolve, reject) => {
    // tsx by its resolved location, so that the child loads TypeScript whatever its cwd.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), MAIN], {
      env: { ...process.env, DEV_IDP_OPTIONS: JSON.stringify(options) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\S+)/.exec(out);
      if (!m) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({
        issuer: m[1]!,
        close: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`The development identity provider stopped (${signal ?? `exit code ${code}`}).`)));
  });
}
