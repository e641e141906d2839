// The printable report's sections, in order: each is one function drawing one part of the report
// from the report figures, in the reader's language. A new part of the results (ratios per
// position, say) is one more function here and one more line in SECTIONS.
import { findCategory, formatFte, formatNumber, formatShare, formatTonnes, uncertaintyClassesText, uncertaintyLines, type GhgScope, type ModuleType, type UncertaintyFigure } from '@carbon/shared';
import type { FigureLine, ReportFigures } from '../figures';
import type { Bar, Column, ReportLayout } from './layout';
import { fill, plural, type ReportText } from './messages';

/** The words and number forms of one language, as the results page writes them. */
export class ReportWords {
  constructor(readonly text: ReportText) {}

  get locale(): string {
    return this.text.locale;
  }

  tonnes = (kg: number) => fill(this.text.app.units.tonnes, { value: formatTonnes(kg, this.locale) });
  tonnesPerFte = (kg: number) => fill(this.text.app.units.tonnesPerFte, { value: formatTonnes(kg, this.locale) });
  tonnesPerPerson = (kg: number) => fill(this.text.report.tonnesPerPerson, { value: formatTonnes(kg, this.locale) });
  fte = (fte: number) => fill(this.text.app.units.fte, { value: formatFte(fte, this.locale) });
  count = (n: number) => formatNumber(n, this.locale);
  share = (kg: number, total: number) => formatShare(kg, total, this.locale);

  /** A line's tonnes as the results tables write them: a line whose every entry lacks a figure
   * says so rather than show 0. */
  lineTonnes(l: FigureLine): string {
    return l.entries > 0 && l.without_factor === l.entries ? this.text.app.table.noFactor : formatTonnes(l.kg_co2eq, this.locale);
  }

  moduleName(m: ModuleType): string {
    return (this.text.app.modules as Record<string, { title: string } | undefined>)[m]?.title ?? m;
  }

  scopeName(scope: GhgScope): string {
    return `${fill(this.text.app.reporting.scope, { n: scope })} (${this.text.app.reporting.scopeNames[scope]})`;
  }

  categoryName(key: string): string {
    return findCategory(key) ? ((this.text.app.reporting.categories as Record<string, string>)[key] ?? key) : key;
  }

  date(d: Date): string {
    return `${new Intl.DateTimeFormat(this.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d)} UTC`;
  }
}

export type Section = (layout: ReportLayout, figures: ReportFigures, words: ReportWords) => void;

const header: Section = (l, f, w) => {
  const r = w.text.report;
  l.title(r.title, fill(r.unitYear, { unit: f.unit.name, id: f.unit.institutional_id, year: f.year }), fill(r.generated, { date: w.date(f.generatedAt) }));
};

const summary: Section = (l, f, w) => {
  const { app, report } = w.text;
  const t = f.total;
  l.heading(report.summary);
  l.cards([
    { label: app.results.total, value: w.tonnes(t.kg_co2eq), note: t.without_factor ? plural(app.incomplete.notice, t.without_factor) : undefined },
    { label: app.results.perFte, value: t.kg_co2eq_per_fte === null ? report.notAvailable : w.tonnesPerFte(t.kg_co2eq_per_fte) },
    { label: report.perPerson, value: t.kg_co2eq_per_person === null ? report.notAvailable : w.tonnesPerPerson(t.kg_co2eq_per_person) },
    { label: app.results.fte, value: w.fte(t.fte), note: plural(report.people, t.people, { n: w.count(t.people) }) },
  ]);
  if (t.kg_co2eq === 0) l.paragraph(app.results.empty, { muted: true });
};

/** A breakdown: its bars, then its table (name, tonnes, share, entries, without a factor). */
function breakdown(l: ReportLayout, w: ReportWords, title: string, nameHeader: string, lines: readonly (FigureLine & { name: string })[], total: number, extra?: { header: string; cell: (i: number) => string }): void {
  const { app, report } = w.text;
  l.heading(title);
  const bars: Bar[] = lines.map((x) => ({ label: x.name, value: x.kg_co2eq, text: w.lineTonnes(x) }));
  l.bars(bars);
  const columns: Column[] = [
    { header: nameHeader, width: extra ? 0.3 : 0.4 },
    { header: app.results.tonnes, width: 0.16, align: 'right' },
    { header: app.results.share, width: 0.12, align: 'right' },
    { header: report.columns.entries, width: 0.13, align: 'right' },
    { header: report.columns.withoutFactor, width: extra ? 0.13 : 0.19, align: 'right' },
    ...(extra ? [{ header: extra.header, width: 0.16 }] : []),
  ];
  const rows = lines.map((x, i) => [x.name, w.lineTonnes(x), w.share(x.kg_co2eq, total), w.count(x.entries), w.count(x.without_factor), ...(extra ? [extra.cell(i)] : [])]);
  l.table(columns, rows);
}

const byScope: Section = (l, f, w) =>
  breakdown(l, w, w.text.report.byScope, w.text.report.columns.scope, f.byScope.map((x) => ({ ...x, name: w.scopeName(x.scope) })), f.total.kg_co2eq);

const byModule: Section = (l, f, w) =>
  breakdown(l, w, w.text.report.byModule, w.text.report.columns.module, f.byModule.map((x) => ({ ...x, name: w.moduleName(x.module) })), f.total.kg_co2eq, {
    header: w.text.report.columns.status,
    cell: (i) => w.text.app.module.status[f.byModule[i]!.status],
  });

const byCategory: Section = (l, f, w) =>
  breakdown(l, w, w.text.report.byCategory, w.text.report.columns.category, f.byCategory.map((x) => ({ ...x, name: w.categoryName(x.key) })), f.total.kg_co2eq);

/** The uncertainty of a figure in the lines the results page shows (UncertaintyFigure.vue): the
 * whole total's range, then the ± the sources state on the part it covers; none for a total of 0. */
function uncertaintyText(u: UncertaintyFigure, w: ReportWords): string | null {
  const text = w.text.app.results.uncertainty;
  const lines = uncertaintyLines(u, w.locale);
  return lines.length ? lines.map((l) => fill(text[l.message], l.params)).join('; ') : null;
}

const uncertainty: Section = (l, f, w) => {
  const { app, report } = w.text;
  const total = uncertaintyText(f.uncertainty, w);
  if (total === null) return;
  l.heading(report.uncertainty);
  l.paragraph(`${app.results.total}: ${w.tonnes(f.total.kg_co2eq)} ${total}`);
  const rows = f.byModule.flatMap((m) => {
    const u = f.uncertainty.by_module[m.module];
    const text = u && uncertaintyText(u, w);
    return text ? [[w.moduleName(m.module), w.lineTonnes(m), text]] : [];
  });
  if (rows.length) l.table([{ header: report.columns.module, width: 0.3 }, { header: app.results.tonnes, width: 0.16, align: 'right' }, { header: report.uncertainty, width: 0.54 }], rows);
  l.paragraph(fill(app.results.uncertainty.explanation, { classes: uncertaintyClassesText(app.results.uncertainty.classes) }), { muted: true });
};

const completeness: Section = (l, f, w) => {
  const { app, report } = w.text;
  const c = f.completeness;
  const names = (ms: readonly ModuleType[]) => ms.map((m) => w.moduleName(m)).join(', ');
  l.heading(report.completeness.title);
  if (c.without_factor === 0) l.paragraph(report.completeness.allFigures);
  else {
    l.paragraph(`${plural(app.incomplete.notice, c.without_factor)}. ${app.incomplete.hint}`);
    const per = f.byModule.filter((m) => m.without_factor > 0).map((m) => fill(report.completeness.withoutFactorIn, { module: w.moduleName(m.module), n: w.count(m.without_factor) }));
    l.paragraph(per.join(' · '));
  }
  l.paragraph(c.emptyModules.length ? fill(report.completeness.emptyModules, { modules: names(c.emptyModules) }) : report.completeness.noEmptyModule);
  l.paragraph(c.notValidated.length ? fill(report.completeness.notValidated, { modules: names(c.notValidated) }) : report.completeness.allValidated);
};

const method: Section = (l, f, w) => {
  const { report } = w.text;
  l.heading(report.method.title);
  l.paragraph(report.method.intro);
  for (const m of f.method) {
    l.subheading(w.moduleName(m.module));
    const formula = (report.method.modules as Record<string, string | undefined>)[m.module];
    if (formula) l.paragraph(formula);
    if (!m.sources.length) l.paragraph(report.method.noSources, { muted: true });
    else {
      l.paragraph(report.method.sources, { muted: true });
      for (const source of m.sources) l.paragraph(`•  ${source}`, { muted: true });
    }
  }
};

export const SECTIONS: readonly Section[] = [header, summary, uncertainty, byScope, byModule, byCategory, completeness, method];
