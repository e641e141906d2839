// Every table's own words follow the UI's language, Quasar's included: in French a back-office
// table's pagination, its "all rows" choice and its empty state are French, with the app's digit
// groups, not Quasar's English defaults; back in English they are English again.
import { afterEach, describe, expect, it } from 'vitest';
import RowReportTable from '../src/components/backoffice/RowReportTable.vue';
import { mountBackoffice, settle } from './support/mountBackoffice';
import { i18n } from '../src/i18n';

const issues = Array.from({ length: 1200 }, (_, i) => ({ row: i + 2, column: 'origin', reason: 'unknown airport', level: 'error' as const }));
const report = { rows: 1200, stored: 0, skipped: 1200, replaced: null, issues, issuesTotal: 1200, truncated: false };

afterEach(() => {
  i18n.global.locale.value = 'en';
  document.body.innerHTML = '';
});

describe('table words', () => {
  it('in English, with the app’s digit groups', async () => {
    const w = mountBackoffice(RowReportTable, { props: { report, fileName: 'r.csv' } }, 'en');
    await settle(50);
    expect(w.find('.q-table__bottom').text()).toContain('1–10 of 1\u202f200');
  });
  it('in French, its "all rows" choice too', async () => {
    const w = mountBackoffice(RowReportTable, { props: { report, fileName: 'r.csv' }, attachTo: document.body }, 'fr');
    await settle(50);
    const bottom = w.find('.q-table__bottom').text();
    expect(bottom).toContain('1–10 sur 1\u202f200');
    expect(bottom).not.toMatch(/\bof\b/);
    // The "all rows" choice is French too.
    await w.find('.q-table__bottom .q-select').trigger('click');
    await settle(50);
    expect(document.body.textContent).toContain('Tous');
  });

});
