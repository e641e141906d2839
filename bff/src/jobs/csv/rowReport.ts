// The per-row report of a CSV job: every skipped row with its line, column and reason. Only the
// first 1,000 issues are kept (a broken file of a million rows must not bloat the job row); the
// counts are always complete. Each reason is in English, with its code and params (the catalogue in
// shared/src/errors.ts) for the web app to word it in the user's language.
import type { Coded, ErrorCode, ErrorParamValues } from '@carbon/shared';

export interface RowIssue {
  /** Line of the file (the header is line 1). */
  row: number;
  /** CSV column the reason is about; null when it is about the whole row. */
  column: string | null;
  reason: string;
  code: ErrorCode;
  params: ErrorParamValues;
  /** error: the row is invalid; warning: a valid row that could not be used (unknown traveler). */
  level: 'error' | 'warning';
}

/** A report line with its code and params checked against the catalogue. */
export function rowIssue(row: number, column: string | null, reason: string, c: Coded, level: RowIssue['level'] = 'error'): RowIssue {
  return { row, column, reason, code: c.code, params: c.params, level };
}

export const MAX_KEPT_ISSUES = 1000;

export class RowReport {
  readonly issues: RowIssue[] = [];
  issuesTotal = 0;
  rows = 0;
  stored = 0;
  skippedInvalid = 0;
  skippedWarning = 0;

  add(issue: RowIssue): void {
    this.issuesTotal++;
    if (this.issues.length < MAX_KEPT_ISSUES) this.issues.push(issue);
  }

  /** Records a skipped row and its issues (at least one). */
  skip(issues: RowIssue[]): void {
    if (issues.some((i) => i.level === 'error')) this.skippedInvalid++;
    else this.skippedWarning++;
    for (const i of issues) this.add(i);
  }

  get skipped(): number {
    return this.skippedInvalid + this.skippedWarning;
  }

  toJSON(): Record<string, unknown> {
    return {
      rows: this.rows,
      stored: this.stored,
      skipped: this.skipped,
      skipped_invalid: this.skippedInvalid,
      skipped_unknown_traveler: this.skippedWarning,
      issues_total: this.issuesTotal,
      issues_truncated: this.issuesTotal > this.issues.length,
      issues: this.issues,
    };
  }
}
