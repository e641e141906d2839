// The row report of a file speaks the user's language: each reason is worded from its code and
// params, on screen and in the downloaded CSV; a reason without a known code stays as the server
// wrote it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import RowReportTable from '../src/components/backoffice/RowReportTable.vue';
import type { RowReport } from '../src/utils/pipeline';
import { mountBackoffice } from './support/mountBackoffice';

const report: RowReport = {
  rows: 3,
  stored: 0,
  skipped: 3,
  replaced: null,
  truncated: false,
  issuesTotal: 3,
  issues: [
    { row: 2, column: 'origin', reason: 'unknown airport code XZQ', code: 'unknown_airport', params: { code: 'XZQ' }, level: 'error' },
    { row: 3, column: 'person_number', reason: 'The traveler’s person number 999999 was not found.', code: 'traveler_not_in_headcount', params: { personNumber: 999999, year: 2025 }, level: 'warning' },
    { row: 4, column: null, reason: 'a reason of a newer server', code: 'not_yet_known', params: {}, level: 'error' },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The text of the CSV the download button produces. */
async function downloaded(w: ReturnType<typeof mountBackoffice>): Promise<string> {
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  await w.get('[data-testid="row-report-download"]').trigger('click');
  return (await blob!.text()).replace(/^\ufeff/, '');
}

describe('RowReportTable', () => {
  it.each([
    ['en', 'Unknown airport code XZQ', 'Person number 999999 is not in this unit’s headcount for 2025'],
    ['fr', 'Code d’aéroport inconnu : XZQ', 'Le numéro de personne 999999 n’est pas dans l’effectif de cette unité pour 2025'],
  ] as const)('words the reasons in %s, on screen and in the file', async (locale, airport, traveler) => {
    const w = mountBackoffice(RowReportTable, { props: { report, fileName: 'report.csv' }, attachTo: document.body }, locale);
    const text = w.get('[data-testid="row-report"]').text();
    expect(text).toContain(airport);
    expect(text).toContain(traveler);
    expect(text).toContain('a reason of a newer server');
    const csv = await downloaded(w);
    expect(csv).toContain(airport);
    expect(csv).toContain(traveler);
    expect(csv).not.toContain('unknown airport code XZQ');
  });
});
