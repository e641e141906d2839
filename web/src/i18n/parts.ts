// The English messages (src/i18n/en.ts) in parts, so that a screen loads the ones it shows:
// - core: the entry's, what every screen and the signed-out pages need;
// - shell: the signed-in layout's and the unit home's (src/i18n/shellMessages.ts, imported by
//   layouts/MainLayout.vue);
// - codes: the words of the server's refusal codes (src/utils/errorText.ts), needed once an
//   answer has failed: the API client loads them before it hands a failed answer on
//   (src/api/client.ts), and the pages that word codes of their own data (a job's row report)
//   have them with their messages (src/i18n/errorMessages.ts);
// - pages: everything else (src/i18n/pageMessages.ts, imported by every other signed-in page).
// A key path names a namespace or a key inside it; `*` stands for any key at its level. The build
// compiles each part apart (build/messageParts.ts); the dev server and the tests select them at
// run time with the same function. web/test/messageParts.test.ts checks that the parts hold every
// English message once, and the unit home's components only read core and shell keys.
export type MessageTree = { [key: string]: MessageTree | string };
export type MessagePart = 'core' | 'shell' | 'codes' | 'pages';

const CORE = ['app', 'login', 'auth', 'common', 'errors'];
const CODES = ['errors.codes'];
const SHELL = [
  'nav',
  'home',
  // Of the module page's words, those of the home's module cards and badges.
  'module.status',
  'module.statusLabel',
  'module.total',
  'module.extrapolation',
  'module.reportTotal',
  'module.recalculating',
  'module.recalculatingPhase',
  'module.loadFailed',
  'events',
  'factorsMissing',
  'incomplete',
  'units',
  'reporting.byScope',
  'reporting.scope',
  'reporting.scopeNames',
  'reporting.units',
  // The unit home links to the method page and shows each module's title and description.
  'method.link',
  'modules.*.title',
  'modules.*.description',
  // Carrying last year forward names the entry types it copies.
  'modules.*.types',
];

const split = (paths: string[]) => paths.map((p) => p.split('.'));
const under = (key: string, paths: string[][]) => paths.filter((p) => p[0] === '*' || p[0] === key);

/** The messages under `paths` (`keep`), or all the others (not `keep`). */
function select(tree: MessageTree, paths: string[][], keep: boolean): MessageTree {
  const out: MessageTree = {};
  for (const [key, value] of Object.entries(tree)) {
    const here = under(key, paths);
    if (here.some((p) => p.length === 1)) {
      if (keep) out[key] = value;
    } else if (here.length > 0 && typeof value === 'object') {
      const sub = select(value, here.map((p) => p.slice(1)), keep);
      if (Object.keys(sub).length > 0) out[key] = sub;
    } else if (!keep) out[key] = value;
  }
  return out;
}

/** The messages of `part` out of the whole English tree. */
export function selectMessages(tree: MessageTree, part: MessagePart): MessageTree {
  if (part === 'core') return select(select(tree, split(CORE), true), split(CODES), false);
  if (part === 'shell') return select(tree, split(SHELL), true);
  if (part === 'codes') return select(tree, split(CODES), true);
  return select(tree, split([...CORE, ...SHELL]), false);
}

export const MESSAGE_PARTS: readonly MessagePart[] = ['core', 'shell', 'codes', 'pages'];
