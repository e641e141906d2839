// English messages. Keys are namespaced by page or module; fr.ts mirrors this shape exactly.
export default {
  app: { title: 'Carbon footprint', language: 'Language', signOut: 'Sign out', menu: 'Menu' },
  nav: { workspace: 'Workspace', backoffice: 'Back office' },
  login: {
    title: 'Sign in',
    intro: 'Calculate and follow the carbon footprint of your unit.',
    button: 'Sign in',
    failed: 'Could not start the sign-in. Please try again.',
  },
  auth: {
    completing: 'Signing you in…',
    failedTitle: 'Sign-in failed',
    missingParams: 'This sign-in link is incomplete or was already used.',
    idpError: 'The identity provider reported an error: {error}',
    backToLogin: 'Back to sign in',
  },
  workspace: {
    title: 'Workspace',
    intro: 'Choose a unit and a year.',
    empty: 'You have no units yet. Ask your unit’s principal or the back office for access.',
    years: 'Years',
    noYears: 'No carbon report yet',
    loadFailed: 'Could not load your units.',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFound: 'There is nothing at this address.',
    forbiddenTitle: 'Not authorised',
    forbidden: 'You do not have permission to see this page.',
    home: 'Go to the workspace',
    generic: 'Something went wrong. Please try again.',
  },
  common: { loading: 'Loading…', retry: 'Retry' },
};
