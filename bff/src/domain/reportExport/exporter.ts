// The report exports as the routes serve them: the printable report (PDF, written by the export
// workers) and the summary CSV, each kept in memory by the report's version so that downloading
// an unchanged report again reads one small row and sends bytes already made; and a limit of
// exports in preparation per user on this instance, past which the answer is 429 with a
// Retry-After (one user's burst waits for nobody else's workers).
//
// The version (sql/reportVersion.sql) is read BEFORE the figures: a write that commits between
// the two leaves newer figures under the older version, which is never current again, so it is
// never served; the other order could keep old figures under a current version.
import type { Pool } from '../../db/pool';
import { TooManyError } from '../../core/errors';
import { coded } from '@carbon/shared';
import { canSeeReportTotals } from '../../policies';
import type { Actor } from '../actor';
import { reportFigures, reportForExport } from './figures';
import { reportPdfName, type ReportLocale, type ReportPdf } from './pdf';
import { exportReportSummary } from './summary';
import type { ReportExport } from './index';
import { reportVersion } from './sql';
import type { ExportPool } from './exportPool';
import { BytesCache } from '../../core/bytesCache';

export interface ExporterOptions {
  /** Exports one user may have in preparation at once on this instance (EXPORT_MAX_PER_USER). */
  maxPerUser: number;
  /** Bytes of finished exports kept in memory (EXPORT_CACHE_MB). */
  cacheBytes: number;
}

interface Made {
  fileName: string;
  bytes: Buffer;
}

export class ReportExporter {
  readonly #cache: BytesCache<Made>;
  /** Exports being made, by cache key: a second request for the same waits for the first. */
  readonly #making = new Map<string, Promise<Made>>();
  readonly #inFlight = new Map<number | null, number>();

  constructor(
    private readonly db: Pool,
    private readonly workers: ExportPool,
    private readonly opts: ExporterOptions,
  ) {
    this.#cache = new BytesCache(opts.cacheBytes, (m) => m.bytes.byteLength);
  }

  /** The printable report in `locale`. */
  async pdf(actor: Actor, reportId: number, locale: ReportLocale, now = new Date()): Promise<ReportPdf> {
    const made = await this.#export(actor, reportId, `pdf/${locale}`, async () => {
      const figures = await reportFigures(this.db, actor, reportId, now);
      return { fileName: reportPdfName(figures, locale), bytes: await this.workers.writePdf(figures, locale) };
    });
    return { fileName: made.fileName, pdf: made.bytes };
  }

  /** The summary CSV (totals by module, scope, category and entry type). */
  async summary(actor: Actor, reportId: number, now = new Date()): Promise<ReportExport> {
    const made = await this.#export(actor, reportId, 'summary', async () => {
      const file = await exportReportSummary(this.db, actor, reportId, now);
      return { fileName: file.fileName, bytes: Buffer.from(file.csv, 'utf8') };
    });
    return { fileName: made.fileName, csv: made.bytes.toString('utf8') };
  }

  /** Documents the export workers have written. */
  get written(): number {
    return this.workers.written;
  }

  /** What the cache holds (for tests and metrics). */
  get cached(): { entries: number; bytes: number } {
    return this.#cache.size;
  }

  stop(): Promise<void> {
    return this.workers.close();
  }

  async #export(actor: Actor, reportId: number, kind: string, make: () => Promise<Made>): Promise<Made> {
    const held = this.#inFlight.get(actor.id) ?? 0;
    if (held >= this.opts.maxPerUser) {
      const max = this.opts.maxPerUser;
      throw new TooManyError(`You already have ${max} exports being prepared: wait until one is downloaded, then try again.`, coded('too_many_exports', { max }), 2);
    }
    this.#inFlight.set(actor.id, held + 1);
    try {
      const { rows } = await reportVersion(this.db, { reportId });
      const row = rows[0];
      // An unknown report or one the user may not export: the refusal the figures' read gives.
      if (!row || !canSeeReportTotals(actor, row.unit_id)) {
        await reportForExport(this.db, actor, reportId);
        throw new Error('reportForExport admitted a report the version check refused');
      }
      const key = `${reportId}/${kind}`;
      const versioned = `${key}@${row.version}`;
      const hit = this.#cache.get(versioned);
      if (hit) return hit;
      let making = this.#making.get(versioned);
      if (!making) {
        making = make().finally(() => this.#making.delete(versioned));
        this.#making.set(versioned, making);
        making.then((m) => this.#cache.set(versioned, m, key), () => undefined);
      }
      return await making;
    } finally {
      const left = (this.#inFlight.get(actor.id) ?? 1) - 1;
      if (left > 0) this.#inFlight.set(actor.id, left);
      else this.#inFlight.delete(actor.id);
    }
  }
}
