// Vite plugin: `virtual:en-messages/<part>` is one part of the English messages (src/i18n/parts.ts).
// The build compiles the part alone (as build/precompileMessages.ts compiles a message file), so a
// chunk carries only its part; the dev server and the tests select it from src/i18n/en.ts at run
// time, with the same selection.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import { MESSAGE_PARTS, selectMessages, type MessagePart, type MessageTree } from '../src/i18n/parts';
import { compileTree } from './precompileMessages';

const PREFIX = 'virtual:en-messages/';
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n');
const EN = path.join(SRC, 'en.ts');

export function messageParts(): Plugin {
  let build = false;
  return {
    name: 'carbon:message-parts',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const part = id.slice(PREFIX.length + 1) as MessagePart;
      if (!MESSAGE_PARTS.includes(part)) this.error(`no message part "${part}" (src/i18n/parts.ts)`);
      if (!build) {
        return `import en from ${JSON.stringify(EN)};\nimport { selectMessages } from ${JSON.stringify(path.join(SRC, 'parts.ts'))};\nexport default selectMessages(en, ${JSON.stringify(part)});\n`;
      }
      this.addWatchFile(EN);
      const en = ((await tsImport(EN, import.meta.url)) as { default: MessageTree }).default;
      const compiled = compileTree(selectMessages(en, part), '');
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`;
    },
  };
}
