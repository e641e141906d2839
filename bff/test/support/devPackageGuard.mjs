// `node --import ./devPackageGuard.mjs bff/dist/main.js`: the cluster test's proof, at run time,
// that the production artifact loads no development package (bff/build.mjs checks its static
// imports; this catches the dynamic ones too). Any import of one fails, so the instance fails.
import { register } from 'node:module';

register('./devPackageGuardHooks.mjs', import.meta.url);
