// Reading a PDF the BFF wrote, with Mozilla's PDF.js (a development dependency): its page count
// and its text, page by page, with every run of spaces (the no-break spaces of digit groups too)
// made one plain space, so a test can look for a figure as the screen writes it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** Spaces of any kind (thin, no-break, line breaks) as one plain space. */
export const oneSpace = (text: string): string => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: oneSpace(pages.join(' ')) };
}
