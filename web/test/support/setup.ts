// Every component a test mounts is unmounted when the test ends. Unmounting clears the timers of
// its Quasar parts (a dialog's show transition, a button's ripple, a field's focus check) while
// the test's DOM still exists; one left running fires later, and if that is after the test
// environment is torn down it fails the whole run with "document is not defined".
import { afterEach } from 'vitest';
import { enableAutoUnmount } from '@vue/test-utils';

enableAutoUnmount(afterEach);
