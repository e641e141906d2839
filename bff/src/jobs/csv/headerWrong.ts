// A file whose header does not fit its type (an entry file, a factor file): the job's error, in
// English for the status message and as a code and params the web app words (each list of
// columns joined, "—" for an empty one). The header and the lists stay in the job's report.
import { jobFailure } from '@carbon/shared';
import { PermanentJobError } from '../types';

export interface HeaderProblems {
  header: string[];
  missing: string[];
  unknown: string[];
  duplicated: string[];
  expected: string[];
}

const list = (columns: readonly string[]) => (columns.length ? columns.join(', ') : '—');

/** `what`: the file's kind ("plane file"); `note`: said after the expected columns. */
export function wrongHeader(what: string, p: HeaderProblems, note = ''): PermanentJobError {
  const parts = [
    p.missing.length ? `missing column${p.missing.length > 1 ? 's' : ''}: ${p.missing.join(', ')}` : '',
    p.unknown.length ? `unknown column${p.unknown.length > 1 ? 's' : ''}: ${p.unknown.join(', ')}` : '',
    p.duplicated.length ? `repeated column${p.duplicated.length > 1 ? 's' : ''}: ${p.duplicated.join(', ')}` : '',
  ].filter(Boolean);
  return new PermanentJobError(
    `The header of this ${what} is wrong: ${parts.join('; ')}. Expected columns: ${p.expected.join(', ')}${note}.`,
    { ...p },
    jobFailure('header_wrong', { missing: list(p.missing), unknown: list(p.unknown), duplicated: list(p.duplicated), expected: list(p.expected) }),
  );
}
