// The printable report's drawing parts on PDFKit: headings, paragraphs, figure cards, tables and
// horizontal bar charts, all vector, breaking pages where a part would not fit. PDFKit's
// standard fonts (no font file to ship) encode text in WinAnsi only: every text goes through
// `winAnsi` first, so a character outside it (the thin space that groups digits on screen, a
// subscript) is replaced by its nearest WinAnsi form instead of being drawn as another glyph.
import PDFDocument from 'pdfkit';

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1d1d1d';
const MUTED = '#5f5f5f';
const RULE = '#c8c8c8';
const BAR = '#1976d2';

// The characters of WinAnsi (Windows-1252) above 0x7F that are not Latin-1 (0xA0–0xFF is).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = {
  '\u202f': '\u00a0', // narrow no-break space (digit groups) → no-break space
  '\u2009': ' ',
  '\u2007': '\u00a0',
  '\u2212': '-',
  '\u2082': '2',
  '\u2083': '3',
  '\u2084': '4',
  '\u2086': '6',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2192': '->',
};

export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '\n' || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += REPLACEMENTS[ch] ?? '?';
  }
  return out;
}

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

export interface Bar {
  label: string;
  value: number;
  /** The value as the report writes it. */
  text: string;
}

export interface Card {
  label: string;
  value: string;
  note?: string;
}

/** Widths of strings at 1,000 points, by font and string, kept across documents: line wrapping
 * measures every word, and PDFKit measures each one from its glyphs and kerning pairs every time.
 * A standard font's widths never change, and the reports repeat the same words. */
const WIDTHS = new Map<string, number>();
const MAX_WIDTHS = 50_000;

interface MeasuringFont {
  name: string;
  widthOfString(text: string, size: number, features?: unknown): number;
}

/** The current font of `doc` (PDFKit's, not in its types) measuring through WIDTHS. */
function memoizeWidths(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: MeasuringFont })._font;
  // PDFKit's internals: should they change, documents are measured as PDFKit measures them.
  if (typeof font?.widthOfString !== 'function' || typeof font.name !== 'string') return;
  const measure = font.widthOfString.bind(font);
  font.widthOfString = (text, size, features) => {
    const key = `${font.name}\0${text}`;
    let width = WIDTHS.get(key);
    if (width === undefined) {
      if (WIDTHS.size >= MAX_WIDTHS) WIDTHS.clear();
      width = measure(text, 1000, features);
      WIDTHS.set(key, width);
    }
    return (width * size) / 1000;
  };
}

export interface DocumentInfo {
  title: string;
  author: string;
  createdAt: Date;
  language: string;
}

export class ReportLayout {
  readonly doc: PDFKit.PDFDocument;

  constructor(info: DocumentInfo) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 56, bottom: 56, left: 56, right: 56 },
      bufferPages: true,
      lang: info.language,
      info: { Title: winAnsi(info.title), Author: winAnsi(info.author), CreationDate: info.createdAt },
    });
    for (const name of [BOLD, FONT]) memoizeWidths(this.doc.font(name));
    this.doc.font(FONT).fontSize(10).fillColor(INK);
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** A new page unless `height` more points fit on this one. */
  private room(height: number): void {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  title(text: string, subtitle: string, note: string): void {
    const d = this.doc;
    d.font(BOLD).fontSize(20).fillColor(INK).text(winAnsi(text), this.left, d.y, { width: this.width });
    d.moveDown(0.2).font(FONT).fontSize(13).text(winAnsi(subtitle), { width: this.width });
    d.moveDown(0.2).fontSize(9).fillColor(MUTED).text(winAnsi(note), { width: this.width }).fillColor(INK);
    d.moveDown(1);
  }

  heading(text: string): void {
    this.room(60);
    const d = this.doc;
    d.moveDown(0.6).font(BOLD).fontSize(13).fillColor(INK).text(winAnsi(text), this.left, d.y, { width: this.width });
    d.moveDown(0.4).font(FONT).fontSize(10);
  }

  subheading(text: string): void {
    this.room(40);
    this.doc.moveDown(0.3).font(BOLD).fontSize(10).text(winAnsi(text), this.left, this.doc.y, { width: this.width }).font(FONT);
  }

  paragraph(text: string, opts: { muted?: boolean } = {}): void {
    const d = this.doc;
    const t = winAnsi(text);
    d.font(FONT).fontSize(10);
    this.room(d.heightOfString(t, { width: this.width }));
    // After the page break: a new page starts with the default colour.
    d.fillColor(opts.muted ? MUTED : INK).text(t, this.left, d.y, { width: this.width }).fillColor(INK);
    d.moveDown(0.4);
  }

  /** Key figures side by side, each in a box. */
  cards(cards: readonly Card[]): void {
    const d = this.doc;
    const gap = 8;
    const w = (this.width - gap * (cards.length - 1)) / cards.length;
    const h = 62;
    this.room(h + 8);
    const top = d.y;
    cards.forEach((c, i) => {
      const x = this.left + i * (w + gap);
      d.lineWidth(0.6).strokeColor(RULE).rect(x, top, w, h).stroke();
      d.font(FONT).fontSize(8).fillColor(MUTED).text(winAnsi(c.label), x + 6, top + 6, { width: w - 12 });
      d.font(BOLD).fontSize(12).fillColor(INK).text(winAnsi(c.value), x + 6, top + 20, { width: w - 12 });
      if (c.note) d.font(FONT).fontSize(7.5).fillColor(MUTED).text(winAnsi(c.note), x + 6, top + 38, { width: w - 12, height: h - 40 });
    });
    d.fillColor(INK).font(FONT).fontSize(10);
    d.x = this.left;
    d.y = top + h + 10;
  }

  table(columns: readonly Column[], rows: readonly (readonly string[])[]): void {
    const d = this.doc;
    const widths = columns.map((c) => c.width * this.width);
    const pad = 3;
    const drawRow = (cells: readonly string[], bold: boolean) => {
      d.font(bold ? BOLD : FONT).fontSize(9);
      const texts = cells.map(winAnsi);
      const h = Math.max(...texts.map((t, i) => d.heightOfString(t, { width: widths[i]! - 2 * pad }))) + 2 * pad;
      this.room(h + 2);
      d.fillColor(INK);
      const top = d.y;
      let x = this.left;
      texts.forEach((t, i) => {
        d.text(t, x + pad, top + pad, { width: widths[i]! - 2 * pad, align: columns[i]!.align ?? 'left' });
        x += widths[i]!;
      });
      d.lineWidth(bold ? 0.8 : 0.4).strokeColor(RULE).moveTo(this.left, top + h).lineTo(this.left + this.width, top + h).stroke();
      d.x = this.left;
      d.y = top + h;
    };
    // A header never ends a page alone: room for it and a first row.
    this.room(40);
    drawRow(columns.map((c) => c.header), true);
    for (const r of rows) drawRow(r, false);
    d.font(FONT).fontSize(10).moveDown(0.8);
  }

  /** Horizontal bars, one per row, to scale of the largest value; the value written after each. */
  bars(bars: readonly Bar[]): void {
    const d = this.doc;
    const labelW = 0.34 * this.width;
    const textW = 0.18 * this.width;
    const barW = this.width - labelW - textW - 8;
    const max = Math.max(0, ...bars.map((b) => b.value));
    const rowH = 15;
    this.room(Math.min(bars.length, 4) * rowH);
    for (const b of bars) {
      this.room(rowH);
      const top = d.y;
      d.font(FONT).fontSize(8.5).fillColor(INK).text(winAnsi(b.label), this.left, top + 2, { width: labelW - 6, height: rowH, ellipsis: true, lineBreak: false });
      const w = max > 0 && b.value > 0 ? Math.max(1, (b.value / max) * barW) : 0;
      if (w > 0) d.rect(this.left + labelW, top + 2, w, rowH - 5).fill(BAR);
      d.fillColor(INK).text(winAnsi(b.text), this.left + labelW + w + 4, top + 2, { width: textW + barW - w, lineBreak: false });
      d.x = this.left;
      d.y = top + rowH;
    }
    d.fillColor(INK).fontSize(10).moveDown(0.6);
  }

  /** Writes `footer(n, total)` at the bottom of every page, then ends the document: its bytes. */
  finish(footer: (page: number, total: number) => string): Promise<Buffer> {
    const d = this.doc;
    const chunks: Buffer[] = [];
    d.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      d.on('end', () => resolve(Buffer.concat(chunks)));
      d.on('error', reject);
    });
    const { start, count } = d.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      d.switchToPage(i);
      // Writing inside the bottom margin would make PDFKit open a new page.
      const bottom = d.page.margins.bottom;
      d.page.margins.bottom = 0;
      d.font(FONT).fontSize(8).fillColor(MUTED).text(winAnsi(footer(i - start + 1, count)), this.left, d.page.height - 36, { width: this.width, align: 'right', lineBreak: false });
      d.page.margins.bottom = bottom;
    }
    d.end();
    return done;
  }
}
