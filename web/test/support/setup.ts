// Every component a test mounts is unmounted when the test ends. Unmounting clears the timers of
// its Quasar parts (a dialog's show transition, a button's ripple, a field's focus check) while
// the test's DOM still exists; one left running fires later, and if that is after the test
// environment is torn down it fails the whole run with "document is not defined".
import { afterEach, beforeAll } from 'vitest';
import { enableAutoUnmount } from '@vue/test-utils';
import { i18n, loadBackofficeMessages, loadMessages } from '../../src/i18n';
import '../../src/i18n/shellMessages';
import '../../src/pageParts';

enableAutoUnmount(afterEach);

// The app loads French, the back-office messages and the parts of the English ones on demand
// (src/i18n/index.ts, parts.ts); components mounted on their own get every message, in both languages.
beforeAll(async () => {
  await loadBackofficeMessages();
  await loadMessages('fr');
  i18n.global.locale.value = 'en';
});
