import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { defaultRootDir, loadConfig, type Config } from '../src/config.ts';
import type { Deps } from '../src/deps.ts';
import type { FormState, FormType, RealtyType } from '../src/generated/prisma/enums.ts';
import { newFormToken } from '../src/modules/form-access/form-token.ts';

/** A test configuration whose DATA_DIR is a fresh temporary directory (uploads land there). */
export function configWithTempDataDir(env: Record<string, string> = {}): { config: Config; dataDir: string; cleanup: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-docs-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000', DATA_DIR: dataDir, ...env }, defaultRootDir());
  return { config, dataDir, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** An application form made directly in the database, with a lead and (optionally) its collateral. */
export async function createForm(
  deps: Pick<Deps, 'prisma'>,
  options: { type?: FormType; realty?: RealtyType | null; state?: FormState | null; withLead?: boolean } = {},
) {
  const type = options.type ?? 'CONSUMER_LOAN';
  let leadId: number | null = null;
  if (options.withLead !== false) {
    const realty = options.realty ? await deps.prisma.realty.create({ data: { type: options.realty, wholeAddress: 'Náměstí Míru 1, 120 00 Praha 2' } }) : null;
    const lead = await deps.prisma.lead.create({ data: { source: 'PORTAL', realtyId: realty?.id ?? null } });
    leadId = lead.id;
  }
  return deps.prisma.applicationForm.create({
    data: { token: newFormToken(), type, state: options.state === undefined ? 'COLLATERAL_INFO' : options.state, leadId },
  });
}

// Tiny files that are what their headers say, for the content checks.
export const files = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  png: onePixelPng(),
  heic: Buffer.concat([
    Buffer.from([0x00, 0x00, 0x00, 0x18]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0x00, 0x00, 0x00, 0x00]),
    Buffer.from('mif1heic', 'latin1'),
    Buffer.from([0x00, 0x00, 0x00, 0x08]),
    Buffer.from('meta', 'latin1'),
  ]),
  /** A Windows executable: "MZ", the DOS stub, then "PE". */
  exe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0', 'latin1')]),
};

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const czechDate = (isoDay: string) => `${isoDay.slice(8, 10)}.${isoDay.slice(5, 7)}.${isoDay.slice(0, 4)}`;
const czechAmount = (amount: number) => {
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents}`;
};

/**
 * A text PDF bank statement as banks print them: header with account and period, then one row
 * per transaction (date, text, amount, balance). pdfkit's standard fonts have no Czech
 * háčky, so the texts avoid them.
 */
export function statementPdf(options: { from: string; to: string; transactions: { date: string; text: string; amount: number }[] }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text('Vypis z uctu 2400123456/2010', 40, 40);
    doc.fontSize(10).text(`Obdobi: ${czechDate(options.from)} - ${czechDate(options.to)}`, 40, 64);
    doc.text(`${czechDate(options.from)} Pocatecni zustatek 10 000,00`, 40, 80);
    let y = 104;
    let balance = 10_000;
    for (const t of options.transactions) {
      if (y > 780) {
        doc.addPage();
        y = 40;
      }
      balance += t.amount;
      doc.text(czechDate(t.date), 40, y, { lineBreak: false });
      doc.text(t.text, 110, y, { lineBreak: false });
      doc.text(czechAmount(t.amount), 380, y, { lineBreak: false });
      doc.text(czechAmount(balance), 470, y, { lineBreak: false });
      y += 14;
    }
    doc.end();
  });
}
