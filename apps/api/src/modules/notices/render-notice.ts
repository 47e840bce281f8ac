import { czechDay, formatCzk, type ClaimsStatementLine, type NoticeType } from '@lending/contracts';
import QRCode from 'qrcode';
import { COLORS, ensureSpace, FONT, FONT_BOLD, heading, pageFooters, renderPdf, type Pdf } from '../../pdf/pdf-document.ts';
import type { NoticeDocument } from './notice-document.ts';
import { asciiText, spaydString } from './spayd.ts';

// A notice (a letter of the collections ladder) in its three forms: the PDF letter, the plain
// text (the staff's preview and the e-mail's body) and the SMS. The PDF and the text take every
// sentence and figure from noticeContent(), so the two can never say different things.

const MM = 72 / 25.4;
/** QR Platba is printed 35 mm wide: large enough for any phone camera at arm's length. */
const QR_MM = 35;
const QR_PT = QR_MM * MM;
/** Pixels for a 300 dpi print of the 35 mm code. */
const QR_TARGET_PX = Math.round((QR_MM / 25.4) * 300);
const QR_MARGIN = 4;
/** "S pozdravem", room for the signature, the lender's name. */
const SIGNATURE_HEIGHT = 50;

const LETTER_REFERENCE: Record<NoticeType, string> = {
  PAYMENT_REMINDER: 'Upomínka č.',
  NON_PAYING: 'Výzva č.',
  ACCELERATION: 'Oznámení č.',
  BLOCKAGE_AGREEMENT: 'Výzva č.',
  NOTARIAL_DEED: 'Výzva č.',
  UNDELIVERED_DOCUMENTS: 'Výzva č.',
  OTHER: 'Dopis č.',
};

const DOCUMENT_TYPES: readonly NoticeType[] = ['BLOCKAGE_AGREEMENT', 'NOTARIAL_DEED', 'UNDELIVERED_DOCUMENTS'];

export const OVERDUE_COLUMNS = ['Druh pohledávky', 'Splatnost', 'Částka', 'Uhrazeno', 'Zbývá uhradit'];

export interface NoticeField {
  label: string;
  value: string;
}

/** Every text of one notice, in the order the letter shows it. */
export interface NoticeContent {
  /** "Upomínka č. 123" */
  reference: string;
  /** The notice date as Czech letters write it. */
  date: string;
  /** Facts printed beside the address: contract, VS, the addressee's role. */
  facts: NoticeField[];
  salutation: string;
  /** The paragraphs before the table of overdue items. */
  opening: string[];
  /** The overdue items as of the notice date; null when nothing is overdue. */
  overdue: { heading: string; rows: string[][]; totalLabel: string; total: string } | null;
  /** Paragraphs after the table (penalty interest). */
  afterTable: string[];
  /** How to pay; null when the notice asks for no payment. */
  payment: { heading: string; intro: string; fields: NoticeField[] } | null;
  /** "Pokud částku neuhradíte do …, …" or null at the ladder's last step. */
  nextStep: string | null;
  /** The staff's note (for OTHER it is part of the opening instead). */
  note: string | null;
  closing: string[];
  greeting: string;
  signature: string;
}

/** "8.50" → "8,5": a rate as Czech text writes it (digits only: never a float). */
function rateText(rate: string): string {
  const text = rate.trim();
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed.replace('.', ',');
}

/** A step's title inside a sentence: "Výzva před zesplatněním" → "výzva před zesplatněním" (abbreviations kept). */
function inSentence(title: string): string {
  return /^\p{Lu}\p{Ll}/u.test(title) ? title.charAt(0).toLocaleLowerCase('cs-CZ') + title.slice(1) : title;
}

const overdueRow = (l: ClaimsStatementLine) => [l.type_label, czechDay(l.due_date), formatCzk(l.amount), formatCzk(l.paid), formatCzk(l.remaining)];

/** The notice's SPAYD (QR Platba), or null when it asks for no payment or the lender has no IBAN. */
export function noticeSpayd(n: NoticeDocument): string | null {
  if (!n.payment || !n.lender.iban) return null;
  return spaydString({ iban: n.lender.iban, amount: n.payment.amount, variableSymbol: n.payment.variableSymbol, dueDate: n.payment.dueBy, message: n.payment.message });
}

/** The sentences and figures of a notice: the one source of the PDF and the plain text. */
export function noticeContent(n: NoticeDocument): NoticeContent {
  const s = n.statement;
  const date = czechDay(n.date);
  const contractNumber = n.deal.contractNumber;
  // Genitive, as in "ze smlouvy o úvěru č. 2024/123".
  const contract = `smlouvy o úvěru${contractNumber ? ` č. ${contractNumber}` : ''}`;
  const total = formatCzk(s.total_due);
  const pay = n.payment;
  const amount = pay ? formatCzk(pay.amount) : null;
  const dueBy = pay ? czechDay(pay.dueBy) : null;
  const isDocument = DOCUMENT_TYPES.includes(n.noticeType);
  const overview = 'Jejich přehled uvádíme níže.';

  const opening: string[] = [];
  const closing: string[] = [];
  const alreadyPaid = 'Pokud jste dlužnou částku mezitím již uhradili, děkujeme a tento dopis prosím považujte za bezpředmětný.';
  switch (n.noticeType) {
    case 'PAYMENT_REMINDER':
      opening.push(`dovolujeme si Vás upozornit, že ke dni ${date} evidujeme ze ${contract} splatné a dosud neuhrazené pohledávky v celkové výši ${total}. ${overview}`);
      if (pay) opening.push(`Věříme, že jde pouze o přehlédnutí. Prosíme Vás proto o úhradu částky ${amount} nejpozději do ${dueBy} na účet uvedený níže.`);
      closing.push(alreadyPaid);
      break;
    case 'NON_PAYING':
      opening.push(`přestože jsme Vás na prodlení se splácením již upozornili, evidujeme ke dni ${date} ze ${contract} stále splatné a neuhrazené pohledávky v celkové výši ${total}. ${overview}`);
      opening.push(
        pay
          ? `Vyzýváme Vás proto k úhradě částky ${amount} nejpozději do ${dueBy}. Upozorňujeme, že pokud dlužná částka nebude do tohoto dne uhrazena, je věřitel oprávněn v souladu se smlouvou o úvěru požadovat předčasné splacení celého úvěru včetně příslušenství (zesplatnění úvěru).`
          : 'Upozorňujeme, že pokud dlužné pohledávky nebudou uhrazeny, je věřitel oprávněn v souladu se smlouvou o úvěru požadovat předčasné splacení celého úvěru včetně příslušenství (zesplatnění úvěru).',
      );
      opening.push('Pokud se nacházíte v obtížné finanční situaci, kontaktujte nás prosím bez zbytečného odkladu. Včasná domluva Vám může ušetřit další náklady.');
      closing.push(alreadyPaid);
      break;
    case 'ACCELERATION':
      opening.push(
        `ani přes naše předchozí upomínky a výzvy nebyly uhrazeny splatné pohledávky ze ${contract}. Věřitel proto v souladu se smlouvou o úvěru využívá svého práva a prohlašuje celý dosud nesplacený úvěr včetně příslušenství za okamžitě splatný (zesplatnění úvěru).`,
      );
      opening.push(
        s.not_yet_due_principal.length
          ? `Ke dni ${date} činí splatné pohledávky ${total} a jistina, která se zesplatněním stává splatnou, ${formatCzk(s.total_not_yet_due_principal)}; celý dluh tak činí ${formatCzk(s.grand_total)}. Přehled splatných pohledávek uvádíme níže.`
          : `Ke dni ${date} tak činí celý dluh ${total}. Jeho přehled uvádíme níže.`,
      );
      if (pay) opening.push(`Vyzýváme Vás k úhradě částky ${amount} nejpozději do ${dueBy}. Po marném uplynutí této lhůty bude věřitel svou pohledávku vymáhat, a to i soudní cestou; náklady s tím spojené ponese dlužník.`);
      break;
    case 'BLOCKAGE_AGREEMENT':
    case 'NOTARIAL_DEED':
    case 'UNDELIVERED_DOCUMENTS': {
      const duty = {
        BLOCKAGE_AGREEMENT: 'doložit věřiteli uzavřenou blokační smlouvu',
        NOTARIAL_DEED: 'poskytnout součinnost při sepsání notářského zápisu se svolením k přímé vykonatelnosti a jeho stejnopis doložit věřiteli',
        UNDELIVERED_DOCUMENTS: 'doložit věřiteli dokumenty sjednané ve smlouvě',
      }[n.noticeType];
      const o = n.obligation;
      opening.push(`ze ${contract} vyplývá povinnost ${duty}.${o ? ` Požadovaný dokument: ${o.label}${o.description ? ` (${o.description})` : ''}.` : ''}`);
      opening.push(
        `${o?.dueDate ? `Lhůta k jeho doložení uplynula dne ${czechDay(o.dueDate)} a dokument` : 'Dokument'} jsme dosud neobdrželi. Vyzýváme Vás proto k jeho doložení bez zbytečného odkladu. Upozorňujeme, že nesplnění této povinnosti je porušením smlouvy o úvěru, které může vést až k požadavku na předčasné splacení celého úvěru.`,
      );
      if (pay) opening.push(`Zároveň ke dni ${date} evidujeme splatné a neuhrazené pohledávky v celkové výši ${total}. ${overview} Prosíme o úhradu částky ${amount} nejpozději do ${dueBy}.`);
      break;
    }
    case 'OTHER':
      opening.push(`obracíme se na Vás ve věci ${contract}.`);
      if (n.note) opening.push(n.note);
      if (pay) opening.push(`Ke dni ${date} evidujeme splatné a neuhrazené pohledávky v celkové výši ${total}. ${overview} Prosíme o úhradu částky ${amount} nejpozději do ${dueBy}.`);
      break;
  }

  const afterTable: string[] = [];
  if (n.penaltyRate !== null && s.due.length) afterTable.push(`Z dlužných částek nadále běží úrok z prodlení ve výši ${rateText(n.penaltyRate)} % ročně, a to až do jejich úplného zaplacení.`);

  let nextStep: string | null = null;
  if (n.nextStep) {
    const condition = isDocument
      ? pay
        ? 'Pokud dokument nedoložíte a částku neuhradíte'
        : 'Pokud dokument nedoložíte'
      : pay
        ? 'Pokud částku neuhradíte'
        : 'Pokud situaci nevyřešíte';
    nextStep = `${condition} do ${czechDay(n.nextStep.on)}, přistoupíme k dalšímu kroku: ${inSentence(n.nextStep.title)}.`;
  }

  const account = n.lender.account ?? (n.lender.iban ? null : 'sdělí věřitel na vyžádání');
  const payment = pay
    ? {
        heading: 'Platební údaje',
        intro: 'Částku prosím uhraďte bezhotovostním převodem na účet věřitele. Uveďte variabilní symbol, jinak nebude možné platbu spolehlivě přiřadit.',
        fields: [
          ...(account ? [{ label: 'Číslo účtu', value: account }] : []),
          ...(n.lender.iban ? [{ label: 'IBAN', value: n.lender.iban }] : []),
          { label: 'Variabilní symbol', value: pay.variableSymbol ?? `uveďte číslo smlouvy${contractNumber ? ` ${contractNumber}` : ''}` },
          { label: 'Částka k úhradě', value: amount! },
          { label: 'Uhraďte nejpozději do', value: dueBy! },
          ...(pay.message ? [{ label: 'Zpráva pro příjemce', value: pay.message }] : []),
        ],
      }
    : null;

  const role = n.addressee.roleLabel;
  return {
    reference: `${LETTER_REFERENCE[n.noticeType]} ${n.noticeId}`,
    date,
    facts: [
      { label: 'Číslo smlouvy', value: contractNumber ?? 'bez čísla' },
      ...(n.deal.variableSymbol ? [{ label: 'Variabilní symbol', value: n.deal.variableSymbol }] : []),
      ...(role ? [{ label: 'Adresát', value: role.charAt(0).toLocaleUpperCase('cs-CZ') + role.slice(1) }] : []),
    ],
    salutation: 'Vážená paní, vážený pane,',
    opening,
    overdue: s.due.length
      ? { heading: `Přehled splatných pohledávek ke dni ${date}`, rows: s.due.map(overdueRow), totalLabel: 'Splatné celkem', total }
      : null,
    afterTable,
    payment,
    nextStep,
    note: n.noticeType === 'OTHER' ? null : n.note,
    closing,
    greeting: 'S pozdravem',
    signature: n.lender.name,
  };
}

const letterTitle = (n: NoticeDocument) => `${n.title} (${noticeContent(n).reference})`;

/** The footer of every page of a notice ("… · strana N z M" is added by pageFooters). */
export function noticeFooterText(n: NoticeDocument): string {
  return `${n.lender.name} · ${noticeContent(n).reference} · smlouva ${n.deal.contractNumber ?? 'bez čísla'}`;
}

function paragraph(doc: Pdf, text: string, options: { bold?: boolean } = {}): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(options.bold ? FONT_BOLD : FONT).fontSize(10);
  // Two lines at least on this page: no paragraph starts with a lone line at the page's foot.
  ensureSpace(doc, Math.min(doc.heightOfString(text, { width }), doc.currentLineHeight(true) * 2 + 2));
  doc.fillColor(COLORS.text).text(text, left, doc.y, { width, lineGap: 1 });
  doc.moveDown(0.6);
}

/** Label/value rows in a column of the given width (the QR code takes the rest). */
function fieldRows(doc: Pdf, fields: NoticeField[], x: number, y: number, width: number, labelWidth: number): number {
  let top = y;
  for (const f of fields) {
    doc.font(FONT).fontSize(10);
    const height = Math.max(doc.heightOfString(f.value, { width: width - labelWidth }), doc.heightOfString(f.label, { width: labelWidth - 8 }));
    doc.fillColor(COLORS.muted).text(f.label, x, top, { width: labelWidth - 8 });
    doc.font(FONT_BOLD).fillColor(COLORS.text).text(f.value, x + labelWidth, top, { width: width - labelWidth });
    top += height + 2;
  }
  return top;
}

function fieldRowsHeight(doc: Pdf, fields: NoticeField[], width: number, labelWidth: number): number {
  let height = 0;
  for (const f of fields) {
    doc.font(FONT).fontSize(10);
    const label = doc.heightOfString(f.label, { width: labelWidth - 8 });
    doc.font(FONT_BOLD);
    height += Math.max(doc.heightOfString(f.value, { width: width - labelWidth }), label) + 2;
  }
  return height;
}

// The table's look is dataTable's (pdf-document.ts): bold header on zebra, thin rule-coloured
// borders, 8.5 pt with 4 pt padding. It is drawn here rather than with pdfkit's table, which
// after every cell restores the font from its source buffer and so parses the TrueType file
// again each time (pdfkit 0.20): ~25 ms a row, most of a print batch's time and memory. Drawn by
// hand it also repeats its header on every page and right-aligns the amounts.
const TABLE_WIDTHS = [0.28, 0.16, 0.19, 0.18, 0.19];
const TABLE_PADDING = 4;

function tableRow(doc: Pdf, cells: string[], y: number, options: { header: boolean; shaded: boolean }): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const widths = TABLE_WIDTHS.map((w) => w * width);
  doc.font(options.header ? FONT_BOLD : FONT).fontSize(8.5);
  const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * TABLE_PADDING }))) + 2 * TABLE_PADDING;
  if (options.header || options.shaded) doc.rect(left, y, width, height).fill(options.header ? COLORS.zebra : '#fafbfc');
  let x = left;
  for (const [i, cell] of cells.entries()) {
    doc.rect(x, y, widths[i]!, height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.fillColor(COLORS.text).text(cell, x + TABLE_PADDING, y + TABLE_PADDING, { width: widths[i]! - 2 * TABLE_PADDING, align: i >= 2 ? 'right' : 'left' });
    x += widths[i]!;
  }
  return height;
}

/** The overdue items; a row that does not fit goes to the next page, under the header again. */
function overdueTable(doc: Pdf, rows: string[][]): void {
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  doc.font(FONT_BOLD).fontSize(8.5);
  // The header with at least one row, or the table starts on the next page.
  ensureSpace(doc, 2 * (doc.currentLineHeight(true) + 2 * TABLE_PADDING) + 4);
  let y = doc.y + tableRow(doc, OVERDUE_COLUMNS, doc.y, { header: true, shaded: false });
  for (const [i, row] of rows.entries()) {
    doc.font(FONT).fontSize(8.5);
    const height = Math.max(...row.map((cell, k) => doc.heightOfString(cell, { width: TABLE_WIDTHS[k]! * (doc.page.width - doc.page.margins.left - doc.page.margins.right) - 2 * TABLE_PADDING }))) + 2 * TABLE_PADDING;
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.y + tableRow(doc, OVERDUE_COLUMNS, doc.y, { header: true, shaded: false });
    }
    y += tableRow(doc, row, y, { header: false, shaded: i % 2 === 1 });
  }
  doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  doc.x = doc.page.margins.left;
  doc.y = y + 6;
}

/**
 * Draws one notice letter onto `doc`, starting at the top of its current page (A4); long tables
 * flow onto further pages. `qrPng` is the QR Platba image (qrPlatbaPng), printed beside the
 * payment details. Footers are the caller's (pageFooters with noticeFooterText).
 */
export function drawNoticeLetter(doc: Pdf, n: NoticeDocument, qrPng: Buffer | null): void {
  const c = noticeContent(n);
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = doc.page.width - left - doc.page.margins.right;

  // Letterhead: the lender on the left, the date and the letter's reference on the right.
  doc.font(FONT_BOLD).fontSize(16).fillColor(COLORS.brand).text(n.lender.name, left, top, { width: width * 0.6 });
  if (n.lender.address) doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(n.lender.address, left, doc.y, { width: width * 0.6 });
  const headBottom = doc.y;
  doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(`Datum: ${c.date}\n${c.reference}`, left + width * 0.6, top + 2, { width: width * 0.4, align: 'right' });
  const ruleY = Math.max(top + 42, headBottom + 6, doc.y + 6);
  doc.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(1.5).strokeColor(COLORS.brand).stroke();

  // The address where a window envelope shows it (ČSN 01 6910: 100 mm from the left edge, 45 mm from the top).
  const windowX = 100 * MM;
  const windowY = Math.max(45 * MM, ruleY + 14);
  const windowWidth = left + width - windowX;
  doc.y = windowY;
  if (n.registered) doc.font(FONT_BOLD).fontSize(9).fillColor(COLORS.text).text('DOPORUČENĚ', windowX, doc.y, { width: windowWidth }).moveDown(0.3);
  doc.font(FONT_BOLD).fontSize(11).fillColor(COLORS.text).text(n.addressee.name, windowX, doc.y, { width: windowWidth });
  for (const line of n.addressee.addressLines) doc.font(FONT).fontSize(11).text(line, windowX, doc.y, { width: windowWidth });
  const addressBottom = doc.y;

  // Beside the window: what the letter is about.
  let y = windowY;
  for (const f of c.facts) {
    doc.font(FONT).fontSize(8.5).fillColor(COLORS.muted).text(f.label, left, y, { width: windowX - left - 20 });
    doc.font(FONT).fontSize(10).fillColor(COLORS.text).text(f.value, left, doc.y, { width: windowX - left - 20 });
    y = doc.y + 5;
  }

  doc.x = left;
  doc.y = Math.max(windowY + 40 * MM, addressBottom + 12, y + 12);
  doc.font(FONT_BOLD).fontSize(14).fillColor(COLORS.text).text(n.title, left, doc.y, { width });
  doc.moveDown(0.8);

  paragraph(doc, c.salutation);
  for (const p of c.opening) paragraph(doc, p);

  if (c.overdue) {
    heading(doc, c.overdue.heading);
    overdueTable(doc, c.overdue.rows);
    ensureSpace(doc, 20);
    doc.font(FONT_BOLD).fontSize(10).fillColor(COLORS.text).text(`${c.overdue.totalLabel}: ${c.overdue.total}`, left, doc.y, { width, align: 'right' });
    doc.moveDown(0.8);
  }
  for (const p of c.afterTable) paragraph(doc, p);

  if (c.payment) {
    const qrWidth = qrPng ? QR_PT + 16 : 0;
    const labelWidth = 150;
    const columnWidth = width - qrWidth;
    doc.font(FONT).fontSize(10);
    const introHeight = doc.heightOfString(c.payment.intro, { width, lineGap: 1 });
    const blockHeight = Math.max(fieldRowsHeight(doc, c.payment.fields, columnWidth, labelWidth), qrPng ? QR_PT + 16 : 0);
    // The heading, the details and the QR code stay together on one page.
    ensureSpace(doc, 40 + introHeight + blockHeight);
    heading(doc, c.payment.heading);
    paragraph(doc, c.payment.intro);
    const blockTop = doc.y;
    const fieldsBottom = fieldRows(doc, c.payment.fields, left, blockTop, columnWidth, labelWidth);
    let qrBottom = blockTop;
    if (qrPng) {
      const qrX = left + width - QR_PT;
      doc.image(qrPng, qrX, blockTop, { width: QR_PT, height: QR_PT });
      doc.font(FONT_BOLD).fontSize(8.5).fillColor(COLORS.text).text('QR Platba', qrX, blockTop + QR_PT + 2, { width: QR_PT, align: 'center' });
      qrBottom = doc.y;
    }
    doc.x = left;
    doc.y = Math.max(fieldsBottom, qrBottom) + 6;
    doc.moveDown(0.4);
  }

  const trailing = [...(c.nextStep ? [{ text: c.nextStep, bold: true }] : []), ...(c.note ? [{ text: c.note, bold: false }] : []), ...c.closing.map((text) => ({ text, bold: false }))];
  for (const [i, p] of trailing.entries()) {
    if (i === trailing.length - 1) {
      // The last paragraph goes with the greeting and signature: never a page of "S pozdravem" alone.
      doc.font(p.bold ? FONT_BOLD : FONT).fontSize(10);
      ensureSpace(doc, doc.heightOfString(p.text, { width, lineGap: 1 }) + SIGNATURE_HEIGHT);
    }
    paragraph(doc, p.text, { bold: p.bold });
  }

  // The greeting and the signature are never split from each other.
  ensureSpace(doc, SIGNATURE_HEIGHT);
  doc.moveDown(0.2);
  doc.font(FONT).fontSize(10).fillColor(COLORS.text).text(c.greeting, left, doc.y, { width });
  doc.moveDown(1.5);
  doc.font(FONT_BOLD).fontSize(10).text(c.signature, left, doc.y, { width });
  doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  doc.x = left;
}

/**
 * The QR Platba image: a greyscale PNG without alpha (pdfkit embeds it as it is, no re-encoding),
 * error correction M, a quiet zone of 4 modules, whole pixels per module sized for ~35 mm at 300 dpi.
 */
export async function qrPlatbaPng(spayd: string): Promise<Buffer> {
  const modules = QRCode.create(spayd, { errorCorrectionLevel: 'M' }).modules.size;
  const scale = Math.max(1, Math.round(QR_TARGET_PX / (modules + 2 * QR_MARGIN)));
  // pngjs (qrcode's PNG writer) takes colorType; @types/qrcode does not list it.
  const rendererOpts = { colorType: 0 } as { deflateLevel?: number };
  return QRCode.toBuffer(spayd, { type: 'png', errorCorrectionLevel: 'M', margin: QR_MARGIN, scale, rendererOpts });
}

/** One notice as a PDF letter of its own, with page footers. */
export async function renderNoticePdf(n: NoticeDocument): Promise<Buffer> {
  const spayd = noticeSpayd(n);
  const qr = spayd ? await qrPlatbaPng(spayd) : null;
  return renderPdf({ title: letterTitle(n), author: n.lender.name, subject: `Smlouva č. ${n.deal.contractNumber ?? 'bez čísla'}` }, (doc) => {
    drawNoticeLetter(doc, n, qr);
    pageFooters(doc, noticeFooterText(n));
  });
}

function textTable(columns: string[], rows: string[][]): string[] {
  const widths = columns.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Amounts (the last three columns) right-aligned, so their digits line up in a monospaced view.
  const line = (cells: string[]) => cells.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ').trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)];
}

/** The notice as plain text: the same paragraphs, figures and dates as the PDF. */
export function renderNoticeText(n: NoticeDocument): string {
  const c = noticeContent(n);
  const out: string[] = [n.lender.name];
  if (n.lender.address) out.push(n.lender.address);
  out.push(`Datum: ${c.date}`, c.reference, '');
  if (n.registered) out.push('DOPORUČENĚ');
  out.push(n.addressee.name, ...n.addressee.addressLines, '');
  for (const f of c.facts) out.push(`${f.label}: ${f.value}`);
  out.push('', n.title.toLocaleUpperCase('cs-CZ'), '', c.salutation, '');
  for (const p of c.opening) out.push(p, '');
  if (c.overdue) {
    out.push(c.overdue.heading, '', ...textTable(OVERDUE_COLUMNS, c.overdue.rows), '', `${c.overdue.totalLabel}: ${c.overdue.total}`, '');
  }
  for (const p of c.afterTable) out.push(p, '');
  if (c.payment) {
    out.push(c.payment.heading, c.payment.intro);
    for (const f of c.payment.fields) out.push(`${f.label}: ${f.value}`);
    out.push('');
  }
  if (c.nextStep) out.push(c.nextStep, '');
  if (c.note) out.push(c.note, '');
  for (const p of c.closing) out.push(p, '');
  out.push(c.greeting, '', c.signature, '');
  return out.join('\n');
}

const SMS_MAX = 160;

/** The notice as one SMS, in ASCII (no diacritics: 160 characters per GSM message instead of 70). */
export function noticeSmsText(n: NoticeDocument): string {
  const contract = n.deal.contractNumber ? ` ke smlouve ${n.deal.contractNumber}` : '';
  const what: Record<NoticeType, string> = {
    PAYMENT_REMINDER: `upominka${contract}`,
    NON_PAYING: `vyzva k uhrade${contract}`,
    ACCELERATION: `zesplatneni uveru${contract}`,
    BLOCKAGE_AGREEMENT: `prosime o dolozeni blokacni smlouvy${contract}`,
    NOTARIAL_DEED: `prosime o sepsani notarskeho zapisu${contract}`,
    UNDELIVERED_DOCUMENTS: `prosime o dolozeni dokumentu${n.obligation ? ` ${n.obligation.label}` : ''}${contract}`,
    OTHER: `oznameni${contract}`,
  };
  const pay = n.payment;
  const body = pay
    ? ` Dluzna castka ${formatCzk(pay.amount)}${pay.variableSymbol ? `, VS ${pay.variableSymbol}` : ''}, uhradte do ${czechDay(pay.dueBy)}.`
    : n.nextStep
      ? ` Nejpozdeji do ${czechDay(n.nextStep.on)}.`
      : '';
  const core = asciiText(`: ${what[n.noticeType]}.${body}`);
  const thanks = ' Dekujeme.';
  const name = asciiText(n.lender.name).trim();
  if (name.length + core.length + thanks.length <= SMS_MAX) return name + core + thanks;
  if (name.length + core.length <= SMS_MAX) return name + core;
  // Too long even so: the lender's name gives way first (never below 12 characters), the figures never.
  return name.slice(0, Math.max(12, SMS_MAX - core.length)).trimEnd() + core;
}
