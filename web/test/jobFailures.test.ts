// Every code of the job failures' catalogue (shared/src/jobFailures.ts) has an English and a
// French message under `backoffice.failures`, each using exactly the params the code carries.
import { describe, expect, it } from 'vitest';
import { JOB_FAILURE_PARAMS, type JobFailureCode } from '@carbon/shared';
import en from '../src/i18n/backoffice.en';
import fr from '../src/i18n/backoffice.fr';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const CODES = Object.keys(JOB_FAILURE_PARAMS) as JobFailureCode[];

describe('the catalogue of job failures', () => {
  it.each([
    ['en', en.failures],
    ['fr', fr.failures],
  ] as const)('has a %s message for every code, with the params of the code and no other', (_lang, messages) => {
    expect(Object.keys(messages).sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      const message = (messages as Record<string, string>)[code];
      expect(message, code).toBeTruthy();
      expect(placeholders(message!), code).toEqual([...JOB_FAILURE_PARAMS[code]].map(String).sort());
    }
  });
});
