import { formatCzk, type ClaimsStatementLine } from '@lending/contracts';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import type { NoticeDocument } from './notice-document.ts';
import { noticeContent, noticeSmsText, qrPlatbaPng, renderNoticePdf, renderNoticeText } from './render-notice.ts';
import { spaydString } from './spayd.ts';

const line = (type: ClaimsStatementLine['type'], label: string, due: string, amount: string, paid: string, remaining: string): ClaimsStatementLine => ({
  claim_id: 1,
  source_claim_id: null,
  type,
  type_label: label,
  due_date: due,
  description: null,
  amount,
  paid,
  remaining,
  rule: null,
});

// Remaining 5000 + 1250.25 + 4000 + 1250.25 + 845 = 12 345.50 Kč, the statement's total_due.
const DUE = [
  line('PRINCIPAL', 'Jistina', '2026-08-20', '5000.00', '0.00', '5000.00'),
  line('INTEREST', 'Úrok', '2026-08-20', '1250.25', '0.00', '1250.25'),
  line('PRINCIPAL', 'Jistina', '2026-09-20', '5000.00', '1000.00', '4000.00'),
  line('INTEREST', 'Úrok', '2026-09-20', '1250.25', '0.00', '1250.25'),
  line('PENALTY_INTEREST', 'Úrok z prodlení', '2026-11-05', '845.00', '0.00', '845.00'),
];

function notice(over: Partial<NoticeDocument> = {}): NoticeDocument {
  return {
    noticeId: 123,
    groupId: 7,
    noticeType: 'NON_PAYING',
    title: 'Výzva před zesplatněním',
    date: '2026-11-05',
    registered: true,
    lender: { name: 'Úvěrová společnost Šťastný a.s.', address: 'Na Příkopě 12, 110 00 Praha 1', account: '2001234561/0100', iban: 'CZ4101000000002001234561' },
    addressee: { name: 'Jiří Dvořák', roleLabel: 'dlužník', addressLines: ['Šumavská 1234/56', '602 00 Brno'] },
    deal: { id: 42, contractNumber: '2024/123', variableSymbol: '2024000123' },
    statement: {
      contract_number: '2024/123',
      variable_symbol: '2024000123',
      allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1',
      due: DUE,
      not_yet_due_principal: [],
      totals_by_type: [],
      total_due: '12345.50',
      total_not_yet_due_principal: '0.00',
      grand_total: '12345.50',
      credit: '0.00',
    },
    penaltyRate: '8.50',
    payment: { amount: '12345.50', variableSymbol: '2024000123', dueBy: '2026-11-30', message: 'Upomínka smlouva 2024/123' },
    obligation: null,
    nextStep: { title: 'Zesplatnění úvěru', on: '2026-12-15' },
    note: 'Splátkový kalendář lze dohodnout na pobočce v Brně.',
    ...over,
  };
}

/** One space for every run of white space (formatCzk's non-breaking spaces included): PDF lines wrap where the text does not. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const loadPdfJs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

async function openPdf(bytes: Buffer) {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, isOffscreenCanvasSupported: false }).promise;
}

/** The text of each page, as pdf.js reads it from the PDF's text layer. */
async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const pdf = await openPdf(bytes);
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await pdf.destroy();
  return pages;
}

interface PdfImage {
  page: number;
  width: number;
  height: number;
  /** The image's printed width in points (from the transformation it is painted with). */
  printedWidth: number;
  rgba: Uint8ClampedArray;
}

/**
 * Every image the PDF paints, decoded by pdf.js from the embedded XObject (FlateDecode with the
 * PNG predictor, as pdfkit writes it) into RGBA pixels: what a printer would print.
 */
async function pdfImages(bytes: Buffer): Promise<PdfImage[]> {
  const pdfjs = await loadPdfJs();
  const pdf = await openPdf(bytes);
  const images: PdfImage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const ops = await page.getOperatorList();
    let scale = 0;
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] === pdfjs.OPS.transform) scale = Math.hypot(ops.argsArray[i][0], ops.argsArray[i][1]);
      if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
      const image = page.objs.get(ops.argsArray[i][0]) as { width: number; height: number; kind: number; data: Uint8Array };
      images.push({ page: n, width: image.width, height: image.height, printedWidth: scale, rgba: toRgba(image, pdfjs.ImageKind) });
    }
  }
  await pdf.destroy();
  return images;
}

function toRgba(image: { width: number; height: number; kind: number; data: Uint8Array }, kinds: { GRAYSCALE_1BPP: number; RGB_24BPP: number; RGBA_32BPP: number }): Uint8ClampedArray {
  const { width, height, kind, data } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let rgb: [number, number, number];
      if (kind === kinds.RGBA_32BPP) rgb = [data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!];
      else if (kind === kinds.RGB_24BPP) rgb = [data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!];
      else if (kind === kinds.GRAYSCALE_1BPP) {
        const v = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
        rgb = [v, v, v];
      } else throw new Error(`unknown image kind ${kind}`);
      out.set([...rgb, 255], p * 4);
    }
  }
  return out;
}

const expectedSpayd = (n: NoticeDocument) =>
  spaydString({ iban: n.lender.iban!, amount: n.payment!.amount, variableSymbol: n.payment!.variableSymbol, dueDate: n.payment!.dueBy, message: n.payment!.message });

describe('renderNoticePdf: QR Platba', () => {
  it('prints a QR code that decodes, read back from the PDF itself, to the notice’s SPAYD', async () => {
    const n = notice();
    const pdf = await renderNoticePdf(n);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const images = await pdfImages(pdf);
    expect(images).toHaveLength(1);
    const [qr] = images;
    // ~35 mm wide on paper (1 mm = 72 / 25.4 pt), at roughly 300 dpi.
    expect(qr!.printedWidth / (72 / 25.4)).toBeCloseTo(35, 0);
    expect(qr!.width).toBeGreaterThan(350);
    const decoded = jsQR(qr!.rgba, qr!.width, qr!.height);
    expect(decoded?.data).toBe(expectedSpayd(n));
    expect(decoded?.data).toBe('SPD*1.0*ACC:CZ4101000000002001234561*AM:12345.50*CC:CZK*X-VS:2024000123*DT:20261130*MSG:Upominka smlouva 2024/123');
  });

  it('keeps the QR code readable when a long table pushes the payment details to a later page, and repeats the table header on every page', async () => {
    const due = Array.from({ length: 60 }, (_, i) => line('INTEREST', 'Úrok', `2021-${String((i % 12) + 1).padStart(2, '0')}-15`, '200.00', '0.00', '200.00'));
    const n = notice({
      noticeType: 'PAYMENT_REMINDER',
      statement: { ...notice().statement, due, total_due: '12000.00', grand_total: '12000.00' },
      payment: { amount: '12000.00', variableSymbol: '77', dueBy: '2027-01-31', message: 'Platba * s hvězdičkou' },
    });
    const pdf = await renderNoticePdf(n);
    const pages = await pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const tablePages = pages.filter((text) => text.includes('15. 1. 2021') || text.includes('15. 6. 2021'));
    expect(tablePages.length).toBeGreaterThanOrEqual(2);
    for (const text of tablePages) expect(text).toContain('Zbývá uhradit');
    // Every row of the table is there, once.
    expect(pages.join('').match(/15\. \d{1,2}\. 2021/g)).toHaveLength(60);
    const images = await pdfImages(pdf);
    expect(images).toHaveLength(1);
    expect(images[0]!.page).toBeGreaterThan(1);
    const decoded = jsQR(images[0]!.rgba, images[0]!.width, images[0]!.height);
    expect(decoded?.data).toBe(expectedSpayd(n));
    expect(decoded?.data).toContain('*AM:12000.00*');
    expect(decoded?.data).toContain('*MSG:Platba %2A s hvezdickou');
    expect(pages.at(-1)).toContain(`strana ${pages.length} z ${pages.length}`);
  });

  it('prints no QR code when the notice asks for no payment, nor when the lender has no IBAN', async () => {
    const noPayment = notice({ noticeType: 'UNDELIVERED_DOCUMENTS', payment: null, statement: { ...notice().statement, due: [], total_due: '0.00' } });
    expect(await pdfImages(await renderNoticePdf(noPayment))).toHaveLength(0);
    const noIban = notice({ lender: { ...notice().lender, iban: null } });
    const pdf = await renderNoticePdf(noIban);
    expect(await pdfImages(pdf)).toHaveLength(0);
    const text = flat((await pdfPageTexts(pdf)).join('\n'));
    expect(text).toContain('Číslo účtu 2001234561/0100');
    expect(text).not.toContain('QR Platba');
  });

  it('qrPlatbaPng: a greyscale PNG without alpha, about 35 mm at 300 dpi', async () => {
    const png = await qrPlatbaPng(expectedSpayd(notice()));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(380);
    expect(png.readUInt32BE(16)).toBeLessThan(450);
    expect(png[25]).toBe(0); // IHDR colour type 0: greyscale
  });
});

describe('renderNoticeText', () => {
  it('holds the addressee, contract, every overdue line’s remaining amount, the total, VS, due-by date and the next step', () => {
    const text = renderNoticeText(notice());
    for (const expected of [
      'DOPORUČENĚ\nJiří Dvořák\nŠumavská 1234/56\n602 00 Brno',
      'Číslo smlouvy: 2024/123',
      'Výzva č. 123',
      'Datum: 5. 11. 2026',
      'VÝZVA PŘED ZESPLATNĚNÍM',
      'Vážená paní, vážený pane,',
      `Splatné celkem: ${formatCzk('12345.50')}`,
      'Variabilní symbol: 2024000123',
      'IBAN: CZ4101000000002001234561',
      'Uhraďte nejpozději do: 30. 11. 2026',
      `Částka k úhradě: ${formatCzk('12345.50')}`,
      'Pokud částku neuhradíte do 15. 12. 2026, přistoupíme k dalšímu kroku: zesplatnění úvěru.',
      'Z dlužných částek nadále běží úrok z prodlení ve výši 8,5 % ročně',
      'požadovat předčasné splacení celého úvěru',
      'Splátkový kalendář lze dohodnout na pobočce v Brně.',
      'S pozdravem\n\nÚvěrová společnost Šťastný a.s.',
    ]) {
      expect(text).toContain(expected);
    }
    for (const l of DUE) expect(text).toMatch(new RegExp(`${l.type_label} +\\| ${l.due_date.slice(8).replace(/^0/, '')}\\. .*\\| +${formatCzk(l.remaining)}\\n`));
    expect(formatCzk('12345.50')).toBe('12\u00a0345,50\u00a0Kč');
  });

  it('writes each kind of notice in its own words', () => {
    const text = (over: Partial<NoticeDocument>) => renderNoticeText(notice(over));
    expect(text({ noticeType: 'PAYMENT_REMINDER' })).toContain('dovolujeme si Vás upozornit, že ke dni 5. 11. 2026 evidujeme ze smlouvy o úvěru č. 2024/123');
    expect(text({ noticeType: 'PAYMENT_REMINDER' })).toContain('Upomínka č. 123');
    expect(text({ noticeType: 'PAYMENT_REMINDER' })).not.toContain('předčasné splacení');
    const acceleration = text({ noticeType: 'ACCELERATION', nextStep: null });
    expect(acceleration).toContain('prohlašuje celý dosud nesplacený úvěr včetně příslušenství za okamžitě splatný (zesplatnění úvěru)');
    expect(acceleration).toContain(`Ke dni 5. 11. 2026 tak činí celý dluh ${formatCzk('12345.50')}`);
    expect(acceleration).not.toContain('přistoupíme k dalšímu kroku');
    const notYetDue = [line('PRINCIPAL', 'Jistina', '2026-12-20', '80000.00', '0.00', '80000.00')];
    const unbooked = text({ noticeType: 'ACCELERATION', statement: { ...notice().statement, not_yet_due_principal: notYetDue, total_not_yet_due_principal: '80000.00', grand_total: '92345.50' } });
    expect(unbooked).toContain(`stává splatnou, ${formatCzk('80000.00')}; celý dluh tak činí ${formatCzk('92345.50')}`);

    const obligation = { label: 'Blokační smlouva', description: 'k nemovitosti LV 1234', dueDate: '2026-10-01' };
    const blockage = text({ noticeType: 'BLOCKAGE_AGREEMENT', obligation, payment: null, statement: { ...notice().statement, due: [], total_due: '0.00' } });
    expect(blockage).toContain('doložit věřiteli uzavřenou blokační smlouvu. Požadovaný dokument: Blokační smlouva (k nemovitosti LV 1234).');
    expect(blockage).toContain('Lhůta k jeho doložení uplynula dne 1. 10. 2026');
    expect(blockage).toContain('Pokud dokument nedoložíte do 15. 12. 2026, přistoupíme k dalšímu kroku: zesplatnění úvěru.');
    expect(blockage).not.toContain('Platební údaje');
    expect(blockage).not.toContain('Přehled splatných pohledávek');
    expect(blockage).not.toContain('úrok z prodlení');
    expect(text({ noticeType: 'NOTARIAL_DEED', obligation, payment: null })).toContain('při sepsání notářského zápisu se svolením k přímé vykonatelnosti');
    const documents = text({ noticeType: 'UNDELIVERED_DOCUMENTS', obligation: { label: 'Pojistná smlouva', description: null, dueDate: null } });
    expect(documents).toContain('Požadovaný dokument: Pojistná smlouva.');
    expect(documents).toContain('Pokud dokument nedoložíte a částku neuhradíte do 15. 12. 2026');

    const other = text({ noticeType: 'OTHER' });
    expect(other).toContain('obracíme se na Vás ve věci smlouvy o úvěru č. 2024/123.\n\nSplátkový kalendář lze dohodnout');
    expect(other.match(/Splátkový kalendář/g)).toHaveLength(1);
    expect(other).toContain('Dopis č. 123');
  });

  it('leaves out what the notice does not have', () => {
    const text = renderNoticeText(notice({ registered: false, penaltyRate: null, nextStep: null, note: null, deal: { id: 42, contractNumber: null, variableSymbol: null } }));
    expect(text).not.toContain('DOPORUČENĚ');
    expect(text).not.toContain('úrok z prodlení ve výši');
    expect(text).not.toContain('Pokud částku neuhradíte');
    expect(text).not.toContain('Splátkový kalendář');
    expect(text).toContain('Číslo smlouvy: bez čísla');
    expect(text).toContain('ze smlouvy o úvěru stále splatné');
  });
});

describe('the PDF and the text say the same', () => {
  it('the PDF’s text layer holds the same total, next step and every paragraph of the text version', async () => {
    const n = notice();
    const pdfText = flat((await pdfPageTexts(await renderNoticePdf(n))).join('\n'));
    const text = flat(renderNoticeText(n));
    const c = noticeContent(n);
    const shared = [
      flat(`Splatné celkem: ${formatCzk(n.statement.total_due)}`),
      flat(c.nextStep!),
      ...[...c.opening, ...c.afterTable, c.note!, ...c.closing, c.payment!.intro].map(flat),
      ...DUE.map((l) => flat(formatCzk(l.remaining))),
    ];
    expect(c.nextStep).toBe('Pokud částku neuhradíte do 15. 12. 2026, přistoupíme k dalšímu kroku: zesplatnění úvěru.');
    for (const piece of shared) {
      expect(text, piece).toContain(piece);
      expect(pdfText, piece).toContain(piece);
    }
    expect(pdfText).toContain('DOPORUČENĚ Jiří Dvořák Šumavská 1234/56 602 00 Brno');
    expect(pdfText).toContain('Úvěrová společnost Šťastný a.s. · Výzva č. 123 · smlouva 2024/123 · strana 1 z');
  });
});

describe('noticeSmsText', () => {
  it('is ASCII within one SMS and names the lender, contract, amount, VS and due-by date', () => {
    const sms = noticeSmsText(notice());
    expect(sms).toBe('Uverova spolecnost Stastny a.s.: vyzva k uhrade ke smlouve 2024/123. Dluzna castka 12 345,50 Kc, VS 2024000123, uhradte do 30. 11. 2026. Dekujeme.');
    expect(sms).toMatch(/^[\x20-\x7e]+$/);
    expect(sms.length).toBeLessThanOrEqual(160);
  });

  it('shortens the lender’s name, never the figures, when the text would not fit', () => {
    const longName = 'Velmi dlouhý název věřitele, úvěrové a leasingové družstvo pro celou Českou republiku, Moravu a Slezsko';
    const sms = noticeSmsText(notice({ lender: { ...notice().lender, name: longName } }));
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toMatch(/^Velmi dlouhy nazev/);
    for (const part of ['2024/123', '12 345,50 Kc', 'VS 2024000123', '30. 11. 2026']) expect(sms).toContain(part);
  });

  it('asks for the document when the notice is about one', () => {
    const sms = noticeSmsText(notice({ noticeType: 'UNDELIVERED_DOCUMENTS', payment: null, obligation: { label: 'Pojistná smlouva', description: null, dueDate: null } }));
    expect(sms).toBe('Uverova spolecnost Stastny a.s.: prosime o dolozeni dokumentu Pojistna smlouva ke smlouve 2024/123. Nejpozdeji do 15. 12. 2026. Dekujeme.');
  });
});
