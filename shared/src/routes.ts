// Top-level paths the SPA owns. The BFF serves index.html for these (history mode) and answers
// 404 for anything else outside /api, so that retired paths such as /auth/me stay gone.
export const SPA_PATH_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/login\/?$/,
  /^\/auth\/complete\/?$/,
  /^\/workspace\/?$/,
  /^\/forbidden\/?$/,
  /^\/u\/\d+\/\d{4}(\/[\w-]+)?\/?$/,
  /^\/backoffice(\/(uploads|factors|units|jobs|rollup|plans|audit|users))?\/?$/,
];

export const isSpaPath = (path: string): boolean => SPA_PATH_PATTERNS.some((p) => p.test(path));

/** Pages of a unit's year beside its module pages (`/u/:unit/:year/<page>`, web/src/router/): no
 * module slug may take one of these names, whose routes come first. */
export const UNIT_PAGES = ['results', 'years', 'method', 'me', 'plans'] as const;
