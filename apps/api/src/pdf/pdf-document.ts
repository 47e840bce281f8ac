import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFDocument from 'pdfkit';

// The standard PDF fonts (Helvetica, Times) are WinAnsi-encoded and lose ř, ě, ů and the rest
// of Czech: every document embeds DejaVu Sans (TrueType, from the npm package
// dejavu-fonts-ttf), subset to the glyphs it uses.
export const FONT = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';

let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fonts = { regular: fs.readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}

export const COLORS = { text: '#1a1a1a', muted: '#5c6670', brand: '#0b3d5c', rule: '#c9d1d9', zebra: '#f2f5f8', risk: '#a4161a', warning: '#9a6700', ok: '#1a7f37' };

export type Pdf = PDFKit.PDFDocument;

/** An A4 document in Czech with the DejaVu fonts registered and selected. */
export async function createPdf(info: { title: string; author: string; subject?: string }): Promise<Pdf> {
  const { regular, bold } = loadFonts();
  // Loaded on first use: pdfkit is ~30 MB of the server's memory, needed only when a PDF is made.
  const { default: Document } = (await import('pdfkit')) as { default: typeof PDFDocument };
  const doc = new Document({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    lang: 'cs-CZ',
    displayTitle: true,
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
  });
  doc.registerFont(FONT, regular);
  doc.registerFont(FONT_BOLD, bold);
  doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  return doc;
}

/** Runs `draw` on a fresh document and answers the finished PDF's bytes. */
export async function renderPdf(info: { title: string; author: string; subject?: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = await createPdf(info);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}

const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page when less than `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export function heading(doc: Pdf, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.8);
  doc.font(FONT_BOLD).fontSize(12).fillColor(COLORS.brand).text(text, doc.page.margins.left);
  const y = doc.y + 2;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.margins.left + contentWidth(doc), y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  doc.moveDown(0.5);
  doc.font(FONT).fontSize(10).fillColor(COLORS.text);
}

/** Label/value rows, labels in a narrow grey column. */
export function fieldList(doc: Pdf, fields: { label: string; value: string }[], labelWidth = 160): void {
  const left = doc.page.margins.left;
  const valueWidth = contentWidth(doc) - labelWidth;
  for (const field of fields) {
    doc.font(FONT).fontSize(10);
    const height = Math.max(doc.heightOfString(field.value || '—', { width: valueWidth }), doc.heightOfString(field.label, { width: labelWidth - 10 }));
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc.fillColor(COLORS.muted).text(field.label, left, y, { width: labelWidth - 10 });
    doc.fillColor(COLORS.text).text(field.value || '—', left + labelWidth, y, { width: valueWidth });
    doc.y = y + height + 4;
  }
  doc.x = left;
}

/** A table with a bold header row and zebra rows; pdfkit breaks it across pages. */
export function dataTable(doc: Pdf, columns: string[], rows: string[][]): void {
  ensureSpace(doc, 50);
  doc.font(FONT).fontSize(8.5).fillColor(COLORS.text);
  doc.table({
    position: { x: doc.page.margins.left },
    maxWidth: contentWidth(doc),
    defaultStyle: { border: 0.5, borderColor: COLORS.rule, padding: 4 },
    rowStyles: (i) => (i === 0 ? { backgroundColor: COLORS.zebra } : i % 2 === 0 ? { backgroundColor: '#fafbfc' } : undefined),
    data: [columns.map((text) => ({ text, type: 'TH' as const, font: { src: FONT_BOLD } })), ...rows],
  });
  doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  doc.x = doc.page.margins.left;
  doc.moveDown(0.5);
}

/** Writes "footer text · strana N z M" on every page; needs the document's bufferPages. */
export function pageFooters(doc: Pdf, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing into the bottom margin must not start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`${text} · strana ${i - range.start + 1} z ${range.count}`, doc.page.margins.left, doc.page.height - 40, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
