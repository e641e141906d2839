// The module folders (shared/src/modules/<module>/) hold, beside their code, the data files the
// BFF reads at start: their default factors (`factors/<set>/<from year>.csv`, and
// `factors/exceptions.csv` for the gaps the library admits) and their demo rows (`demo.json`). A
// module brings them by having them in its folder: nothing lists them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/src/modules');

/** The module folders under `root`, by name. */
export function moduleFolders(root = MODULES_DIR): string[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(root, d.name))
    .sort();
}

/** The folder name of a module type (`professional_travel` → `professionalTravel`). */
export const folderNameOf = (moduleType: string): string => moduleType.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** `name` in each module folder that has it. */
export const moduleFiles = (name: string, root = MODULES_DIR): string[] => moduleFolders(root).map((d) => path.join(d, name)).filter((f) => fs.existsSync(f));
