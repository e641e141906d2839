// The entry calls components and pages make (a module's table, its forms and pickers). Screens
// reach the API through src/stores and src/composables only (eslint.config.js): this module is
// that door for entries, the one place to add caching, retries or a test double for them.
export {
  createEntry,
  deleteEntry,
  fetchEntryEmissions,
  fetchFieldChoices,
  fetchHeadcountMembers,
  listEntries,
  searchLocations,
  setAnonymousResponses,
  updateEntry,
} from '../api/carbon';
