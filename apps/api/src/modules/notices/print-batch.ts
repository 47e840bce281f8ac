import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { czechDay } from '@lending/contracts';
import { COLORS, createPdf, FONT, FONT_BOLD, pageFooters, type Pdf } from '../../pdf/pdf-document.ts';
import type { NoticeDocument } from './notice-document.ts';
import { drawNoticeLetter, noticeFooterText, noticeSpayd, qrPlatbaPng } from './render-notice.ts';

// The day's print batch for the post office: one PDF of every letter sent by post, each behind
// an address sheet, and a CSV manifest of the envelopes. Thousands of letters stream through
// with bounded memory: the document holds the pages of one letter only (so its footers can say
// "strana N z M") and flushes them before the next, and both outputs are written no faster than
// they are consumed.

const MM = 72 / 25.4;
/** Letters after which pdfkit's word layouts are forgotten (forgetWordLayouts). */
const LAYOUT_CACHE_LETTERS = 100;

/**
 * pdfkit's embedded fonts cache the shaped layout of every distinct word for the document's
 * life (EmbeddedFont.layoutCache, pdfkit 0.20): harmless for one letter, but in a batch every
 * name, street, amount and number adds to it, ~12 KB a letter. Emptied now and then, it holds
 * only the recent words (the letters' common wording is laid out again, a few ms).
 */
function forgetWordLayouts(doc: Pdf): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }> })._fontFamilies ?? {};
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
}
const CSV_HEADER = ['poradi', 'reference', 'adresat', 'adresa', 'doporucene', 'stran'];

export interface PrintBatchLetter {
  document: NoticeDocument;
  /** The post's reference of the letter (e.g. the notice's number in the day's batch). */
  reference: string;
}

export interface PrintBatchResult {
  letters: number;
  registered: number;
  /** Pages of the PDF, blank backs and padding included. */
  pages: number;
}

/**
 * A CSV cell as Czech Excel reads it (the rules of modules/persons/csv.ts): quoted when it holds
 * `;`, `"` or a line break; text a spreadsheet would run as a formula gets a leading `'`.
 */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * pdfkit keeps every page's dictionary, with its content and resource objects, in the page tree
 * until the document ends, though a flushed page's are written already: ~1.2 KB a page, 24 MB
 * for 5,000 letters. The tree needs only their references ("12 0 R"), so the written ones are
 * emptied. Answers the index of the first page not released yet.
 */
function releaseWrittenPages(doc: Pdf, from: number): number {
  const kids = (doc as unknown as { _root?: { data?: { Pages?: { data?: { Kids?: { data: object }[] } } } } })._root?.data?.Pages?.data?.Kids;
  const written = doc.bufferedPageRange().start;
  if (!kids || kids.length < written) return from;
  for (let i = from; i < written; i++) kids[i]!.data = {};
  return written;
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/**
 * The sheet a window envelope shows: sender, "DOPORUČENĚ" and the addressee in large type where
 * the window is (ČSN 01 6910: 100 mm from the left, 45 mm from the top), the letter's sequence
 * number and reference for the clerk who puts it in the envelope.
 */
function drawAddressSheet(doc: Pdf, letter: PrintBatchLetter, sequence: number, info: { date: string; lenderName: string }): void {
  const n = letter.document;
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = doc.page.width - left - doc.page.margins.right;
  const windowX = 100 * MM;
  const windowWidth = left + width - windowX;

  doc.font(FONT).fontSize(8).fillColor(COLORS.muted).text('Odesílatel', left, top, { width: windowX - left - 20 });
  doc.font(FONT).fontSize(10).fillColor(COLORS.text).text(n.lender.name, left, doc.y, { width: windowX - left - 20 });
  if (n.lender.address) doc.text(n.lender.address, left, doc.y, { width: windowX - left - 20 });

  doc.y = 45 * MM;
  if (n.registered) doc.font(FONT_BOLD).fontSize(14).fillColor(COLORS.text).text('DOPORUČENĚ', windowX, doc.y, { width: windowWidth }).moveDown(0.4);
  doc.font(FONT_BOLD).fontSize(16).fillColor(COLORS.text).text(n.addressee.name, windowX, doc.y, { width: windowWidth });
  for (const line of n.addressee.addressLines) doc.font(FONT).fontSize(15).text(line, windowX, doc.y, { width: windowWidth });

  doc.font(FONT_BOLD).fontSize(12).fillColor(COLORS.text).text(`Dopis č. ${sequence}`, left, 45 * MM, { width: windowX - left - 20 });
  doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(`Reference: ${letter.reference}\nDávka ze dne ${czechDay(info.date)}\n${n.title}`, left, doc.y + 2, { width: windowX - left - 20 });
  doc.fillColor(COLORS.text);
}

/**
 * Writes the print batch: `pdfOut` gets one PDF, each letter as an address sheet (always on an
 * odd page, its back left blank) followed by the letter itself (drawNoticeLetter), padded with a
 * blank page to an even count so the next address sheet is a new sheet in duplex; `csvOut` gets
 * the manifest (UTF-8 with BOM, `;`, one row per letter; `stran` counts the letter's pages in
 * the PDF, blanks included, so the rows add up to the PDF's pages). Both streams are ended and
 * the answer comes once they have finished. When `letters` (or an output) fails the error is
 * passed on and both streams are destroyed with it, never ended: a partial batch never looks
 * complete, and a reader such as an upload fails instead of waiting.
 */
export async function writePrintBatch(
  letters: AsyncIterable<PrintBatchLetter>,
  pdfOut: NodeJS.WritableStream,
  csvOut: NodeJS.WritableStream,
  info: { date: string; lenderName: string },
): Promise<PrintBatchResult> {
  // bufferPages (createPdf's default) holds one letter's pages for their footers; flushPages()
  // then writes and releases them, which keeps memory as bounded as bufferPages: false would.
  const doc = await createPdf({ title: `Tisková dávka dopisů ze dne ${czechDay(info.date)}`, author: info.lenderName, subject: 'Dopisy k odeslání poštou' });
  // The first failure of the document or of either output; checked after every letter.
  const failure: { error?: Error } = {};
  const fail = (error: Error) => {
    failure.error ??= error;
  };
  doc.on('error', fail);
  pdfOut.on('error', fail);
  csvOut.on('error', fail);
  let pdfDrained: Promise<void> | null = null;
  const onData = (chunk: Buffer) => {
    if (!pdfOut.write(chunk) && !pdfDrained) pdfDrained = once(pdfOut, 'drain').then(() => void (pdfDrained = null), fail);
  };
  doc.on('data', onData);
  const pdfEnded = once(doc, 'end');
  pdfEnded.catch(fail); // an error before the end is awaited is recorded, not unhandled
  const writeCsv = async (text: string) => {
    if (!csvOut.write(text)) await once(csvOut, 'drain');
  };
  const totalPages = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count;

  let sequence = 0;
  let registered = 0;
  let released = 0;
  try {
    await writeCsv(`\uFEFF${csvLine(CSV_HEADER)}`);
    for await (const letter of letters) {
      const n = letter.document;
      const spayd = noticeSpayd(n);
      const qr = spayd ? await qrPlatbaPng(spayd) : null;
      sequence++;
      if (n.registered) registered++;
      // pdfkit opens the document with a page: the first address sheet takes it.
      const before = sequence === 1 ? 0 : totalPages();
      if (sequence > 1) doc.addPage();
      drawAddressSheet(doc, letter, sequence, info);
      doc.addPage(); // the address sheet's back stays blank: the letter starts on a sheet of its own
      doc.flushPages();
      doc.addPage();
      drawNoticeLetter(doc, n, qr);
      pageFooters(doc, noticeFooterText(n)); // the buffer holds this letter's pages only: "strana N z M" of the letter
      if (totalPages() % 2 === 1) doc.addPage(); // the next address sheet starts a new sheet
      const pages = totalPages() - before;
      doc.flushPages();
      released = releaseWrittenPages(doc, released);
      await writeCsv(csvLine([sequence, letter.reference, n.addressee.name, n.addressee.addressLines.join(', '), n.registered ? 'ano' : 'ne', pages]));
      if (sequence % LAYOUT_CACHE_LETTERS === 0) forgetWordLayouts(doc);
      if (pdfDrained) await pdfDrained;
      if (failure.error) throw failure.error;
    }
    if (sequence === 0) {
      doc.font(FONT).fontSize(12).fillColor(COLORS.muted).text(`V dávce ze dne ${czechDay(info.date)} nejsou žádné dopisy k tisku.`, doc.page.margins.left, doc.page.margins.top);
    }
    doc.end();
    await pdfEnded;
    if (failure.error) throw failure.error;
  } catch (error) {
    doc.off('data', onData);
    // Destroyed, not ended: whoever reads them (an upload) fails too instead of waiting forever.
    for (const stream of [pdfOut, csvOut]) (stream as Partial<Writable>).destroy?.(error as Error);
    throw error;
  }

  pdfOut.end();
  csvOut.end();
  await Promise.all([finished(pdfOut), finished(csvOut)]);
  return { letters: sequence, registered, pages: totalPages() };
}
