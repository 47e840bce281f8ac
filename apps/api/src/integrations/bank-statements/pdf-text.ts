import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

const MAX_PAGES = 50;

// pdf.js is large: loaded on the first statement read, not at server start.
type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;

/**
 * The text lines of a PDF, top to bottom, each line's pieces joined left to right with a
 * space: table rows of a statement come out as one line each. Empty for files that are not
 * PDFs or have no text layer (scans).
 */
export async function pdfTextLines(content: Buffer): Promise<string[]> {
  const { getDocument } = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  let pdf;
  try {
    pdf = await getDocument({ data: new Uint8Array(content), isEvalSupported: false, useSystemFonts: false, stopAtErrors: false, verbosity: 0 }).promise;
  } catch {
    return [];
  }
  const lines: string[] = [];
  try {
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
      const page = await pdf.getPage(n);
      const text = await page.getTextContent();
      const rows = new Map<number, { x: number; str: string }[]>();
      for (const item of text.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        // Pieces within 2 points of height belong to one row.
        const y = Math.round(item.transform[5] / 2);
        const row = rows.get(y) ?? [];
        row.push({ x: item.transform[4], str: item.str.trim() });
        rows.set(y, row);
      }
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        lines.push(
          rows
            .get(y)!
            .sort((a, b) => a.x - b.x)
            .map((p) => p.str)
            .join(' '),
        );
      }
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  return lines;
}
