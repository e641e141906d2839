// The job pipeline's SQL, one statement per file named after what it does. Read once at import.
import fs from 'node:fs';
import type { QueryConfig } from 'pg';

function read(name: string): string {
  return fs.readFileSync(new URL(`./${name}.sql`, import.meta.url), 'utf8');
}

export const sql = {
  loadJob: read('loadJob'),
  claimJob: read('claimJob'),
  finishJob: read('finishJob'),
  tableWriteCounts: read('tableWriteCounts'),
  failJob: read('failJob'),
  reportProgress: read('reportProgress'),
  heartbeat: read('heartbeat'),
  rescueStale: read('rescueStale'),
  pollDue: read('pollDue'),
  releaseJobs: read('releaseJobs'),
  deleteInstance: read('deleteInstance'),
  pruneInstances: read('pruneInstances'),
  insertJob: read('insertJob'),
  linkNextJob: read('linkNextJob'),
  insertAggregation: read('insertAggregation'),
  lockJobForRecovery: read('lockJobForRecovery'),
  runningOfCombination: read('runningOfCombination'),
  recoverJob: read('recoverJob'),
  getJob: read('getJob'),
  listJobs: read('listJobs'),
  activePipelineJobs: read('activePipelineJobs'),
} as const;

/** A statement of the hot path as a named prepared statement: planned once per connection
 * instead of at every execution. */
export function prepared(name: keyof typeof sql, values: unknown[]): QueryConfig {
  return { name: `jobs.${name}`, text: sql[name], values };
}

/** Opens a transaction that commits synchronously on the runner's sessions, whose default is
 * asynchronous commit (see JobRunner). Two statements, no parameters: one round trip. */
export const DURABLE_BEGIN = 'BEGIN; SET LOCAL synchronous_commit = on';
