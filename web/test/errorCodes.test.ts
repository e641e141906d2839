// Every code of the catalogue (shared/src/errors.ts) has an English and a French message under
// `errors.codes`, each using exactly the params the code carries; and the app words a server
// refusal from its code in the app's language, falling back to the server's English only for a
// code it does not know.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_PARAMS } from '@carbon/shared';
import en from '../src/i18n/en';
import fr from '../src/i18n/fr';
import { i18n } from '../src/i18n';
import { errorDetail, fieldErrorsOf } from '../src/utils/apiErrors';
import { codedText, directoryIssueText } from '../src/utils/errorText';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What axios rejects with (the parts the app reads). */
const refusal = (status: number, data: unknown) => ({ isAxiosError: true, message: `Request failed with status code ${status}`, response: { status, data } });

describe('the catalogue of error codes', () => {
  it.each([
    ['en', en.errors.codes],
    ['fr', fr.errors.codes],
  ] as const)('has a %s message for every code, with the params of the code and no other', (_lang, messages) => {
    expect(Object.keys(messages).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const message = (messages as Record<string, string>)[code];
      expect(message, code).toBeTruthy();
      expect(placeholders(message!), code).toEqual([...ERROR_PARAMS[code]].map(String).sort());
    }
  });
});

describe('server refusals in the app language', () => {
  it('words a 404 and a 422 field issue from their codes, in English and in French', () => {
    const notFound = refusal(404, { detail: 'No such unit.', code: 'no_such_unit', params: {} });
    const airport = refusal(422, {
      detail: 'Invalid plane entry: origin: unknown airport code XZQ',
      code: 'unknown_airport',
      params: { code: 'XZQ' },
      errors: [{ field: 'origin', message: 'unknown airport code XZQ', code: 'unknown_airport', params: { code: 'XZQ' } }],
    });
    i18n.global.locale.value = 'en';
    expect(errorDetail(notFound, 'fallback')).toBe('No such unit.');
    expect(fieldErrorsOf(airport)).toEqual([{ field: 'origin', message: 'Unknown airport code XZQ', code: 'unknown_airport', params: { code: 'XZQ' } }]);
    i18n.global.locale.value = 'fr';
    expect(errorDetail(notFound, 'fallback')).toBe('Cette unité n’existe pas.');
    expect(errorDetail(airport, 'fallback')).toBe('Code d’aéroport inconnu : XZQ');
    expect(fieldErrorsOf(airport)[0]!.message).toBe('Code d’aéroport inconnu : XZQ');
    i18n.global.locale.value = 'en';
  });

  it('falls back to the server detail for an unknown code or none, and to the caller text without a body', () => {
    i18n.global.locale.value = 'fr';
    expect(errorDetail(refusal(409, { detail: 'Something new.', code: 'brand_new_code', params: {} }), 'fallback')).toBe('Something new.');
    expect(errorDetail(refusal(409, { detail: 'An old server.' }), 'fallback')).toBe('An old server.');
    expect(errorDetail(new Error('network'), 'Échec')).toBe('Échec');
    i18n.global.locale.value = 'en';
  });

  it('writes amounts and dates of the params in the app locale, not years or numbers that name things', () => {
    i18n.global.locale.value = 'fr';
    expect(codedText('file_too_large', { max: 10485760 }, '')).toBe('Le fichier dépasse la limite d’envoi de 10\u202f485\u202f760 octets.');
    expect(codedText('date_out_of_range', { min: '1990-01-01', max: '2100-12-31' }, '')).toBe('Doit être entre le 1 janv. 1990 et le 31 déc. 2100');
    expect(codedText('traveler_not_in_headcount', { personNumber: 100001, year: 2025 }, '')).toBe('Le numéro de personne 100001 n’est pas dans l’effectif de cette unité pour 2025');
    i18n.global.locale.value = 'en';
    expect(codedText('file_too_large', { max: 10485760 }, '')).toBe('The file is larger than the upload limit of 10\u202f485\u202f760 bytes.');
  });

  it('words the issues of a unit directory sync, with their unit and field', () => {
    const cycle = { institutional_id: 'LAB-A', message: 'parent LAB-B makes a cycle; parent ignored', code: 'unit_parent_cycle', params: { parent: 'LAB-B' } };
    const name = { institutional_id: 'LAB-C', field: 'name', message: 'name: Invalid input', code: 'required', params: {} };
    i18n.global.locale.value = 'fr';
    expect(directoryIssueText(cycle)).toBe('LAB-A: Le parent LAB-B crée un cycle ; parent ignoré');
    expect(directoryIssueText(name)).toBe('LAB-C: name: Obligatoire');
    expect(directoryIssueText({ institutional_id: 'LAB-D', message: 'something else' })).toBe('LAB-D: something else');
    i18n.global.locale.value = 'en';
    expect(directoryIssueText(cycle)).toBe('LAB-A: Parent LAB-B makes a cycle; parent ignored');
  });
});

