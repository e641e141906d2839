// Vite build plugin: the message files (web/src/i18n/*.ts) become vue-i18n's message ASTs at
// build time, so the browser runs vue-i18n without its message compiler
// (`__INTLIFY_DROP_MESSAGE_COMPILER__`). The files stay plain TypeScript objects for everything
// else that reads them (the component tests, the BFF's printable report).
import { baseCompile, type CompileError } from '@intlify/message-compiler';
import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';

type Tree = { [key: string]: Tree | string };

/** One message as the AST vue-i18n formats at run time (minified, as the runtime accepts it). */
export function compileMessage(message: string, where: string): unknown {
  const errors: string[] = [];
  const { ast } = baseCompile(message, {
    jit: true,
    location: false,
    minify: true,
    onError: (err: CompileError) => errors.push(err.message),
  });
  if (errors.length > 0) throw new Error(`message ${where} does not compile (${errors.join('; ')}): ${JSON.stringify(message)}`);
  return ast;
}

/** Every string of a message tree compiled; anything but strings and objects is refused. */
export function compileTree(tree: unknown, where: string): unknown {
  if (typeof tree === 'string') return compileMessage(tree, where);
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    throw new Error(`message ${where} is not a string or an object of messages`);
  }
  return Object.fromEntries(Object.entries(tree as Tree).map(([key, value]) => [key, compileTree(value, where ? `${where}.${key}` : key)]));
}

/** `include` matches the ids of the message modules; each must only default-export a tree of
 * strings. It may import other message files (the modules' words in shared/): the module is
 * loaded here with its imports, and the chunk gets only the compiled tree. */
export function precompileMessages(include: RegExp): Plugin {
  return {
    name: 'carbon:precompile-messages',
    apply: 'build',
    async transform(_code, id) {
      if (!include.test(id)) return null;
      const mod = (await tsImport(id, import.meta.url)) as { default?: unknown };
      if (mod.default === undefined) this.error(`${id} has no default export of messages`);
      const compiled = compileTree(mod.default, '');
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`, map: { mappings: '' } };
    },
  };
}
