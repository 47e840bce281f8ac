import { AllocationProfile, formatCzk, type ClaimsStatementContent, type ClaimsStatementLine } from '@lending/contracts';
import { businessDateOf } from '../../domain/dates.ts';
import { COLORS, dataTable, fieldList, FONT, FONT_BOLD, heading, pageFooters, renderPdf } from '../../pdf/pdf-document.ts';

// The two files of a claims statement (docs/decisions/0036): a PDF letter for the debtor and a
// spreadsheet for staff. Both are drawn from the stored figures only, so a SAVED statement's
// file is the same document every time it is downloaded.

export interface StatementDocument {
  id: number;
  asOf: string;
  /** When the figures were computed (the document's date). */
  computedAt: Date;
  content: ClaimsStatementContent;
  /** The profile the lines are ordered by in this file. */
  profile: AllocationProfile;
  lines: { due: ClaimsStatementLine[]; notYetDue: ClaimsStatementLine[] };
  debtor: string | null;
  lender: { name: string; address: string | null; account: string | null; iban: string | null };
}

/** d. M. yyyy, as Czech letters write dates. */
export const czechDate = (day: string) => `${Number(day.slice(8, 10))}. ${Number(day.slice(5, 7))}. ${day.slice(0, 4)}`;

const lineRow = (l: ClaimsStatementLine) => [l.type_label, czechDate(l.due_date), formatCzk(l.amount), formatCzk(l.paid), formatCzk(l.remaining)];
const COLUMNS = ['Druh pohledávky', 'Splatnost', 'Částka', 'Uhrazeno', 'Zbývá uhradit'];

export function renderStatementPdf(d: StatementDocument): Promise<Buffer> {
  const title = `Vyčíslení pohledávky ke dni ${czechDate(d.asOf)}`;
  const contract = d.content.contract_number ?? 'bez čísla';
  return renderPdf({ title, author: d.lender.name, subject: `Smlouva č. ${contract}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    doc.font(FONT_BOLD).fontSize(16).fillColor(COLORS.brand).text(d.lender.name, left, 50, { width: width / 2 });
    if (d.lender.address) doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(d.lender.address, left, doc.y, { width: width / 2 });
    doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(`Vyhotoveno ${czechDate(businessDateOf(d.computedAt))}\nVyčíslení č. ${d.id}`, left + width / 2, 52, { width: width / 2, align: 'right' });
    doc.moveTo(left, 92).lineTo(left + width, 92).lineWidth(1.5).strokeColor(COLORS.brand).stroke();
    doc.y = 104;

    doc.font(FONT_BOLD).fontSize(14).fillColor(COLORS.text).text(title, left);
    doc.moveDown(0.4);
    fieldList(doc, [
      { label: 'Číslo smlouvy', value: contract },
      ...(d.debtor ? [{ label: 'Dlužník', value: d.debtor }] : []),
      { label: 'Ke dni', value: czechDate(d.asOf) },
    ]);

    heading(doc, 'Splatné pohledávky');
    if (d.lines.due.length) dataTable(doc, COLUMNS, d.lines.due.map(lineRow));
    else doc.font(FONT).fontSize(10).fillColor(COLORS.muted).text('Ke dni vyčíslení není nic splatného po splatnosti.', left).fillColor(COLORS.text);

    heading(doc, 'Součty podle druhu pohledávky');
    fieldList(doc, [
      ...d.content.totals_by_type.map((t) => ({ label: t.type_label, value: formatCzk(t.remaining) })),
      { label: 'Splatné celkem', value: formatCzk(d.content.total_due) },
    ], 280);

    if (d.lines.notYetDue.length) {
      heading(doc, 'Jistina dosud nesplatná (při předčasném splacení nebo odstoupení od smlouvy)');
      dataTable(doc, COLUMNS, d.lines.notYetDue.map(lineRow));
    }

    heading(doc, 'Celkem');
    fieldList(doc, [
      { label: 'Splatné celkem', value: formatCzk(d.content.total_due) },
      { label: 'Nesplatná jistina', value: formatCzk(d.content.total_not_yet_due_principal) },
      { label: 'Celkem k úhradě při splacení všeho', value: formatCzk(d.content.grand_total) },
      { label: 'Přeplatek (kredit) ve prospěch dlužníka', value: formatCzk(d.content.credit) },
    ], 280);

    heading(doc, 'Platební údaje');
    fieldList(doc, [
      { label: 'Číslo účtu', value: d.lender.account ?? 'sdělí věřitel' },
      ...(d.lender.iban ? [{ label: 'IBAN', value: d.lender.iban }] : []),
      { label: 'Variabilní symbol', value: d.content.variable_symbol ?? 'číslo smlouvy' },
    ]);
    doc.moveDown(0.5);
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(
        `Úrok z prodlení je vyčíslen do ${czechDate(d.asOf)} včetně a dále běží až do zaplacení. Pořadí položek odpovídá pořadí, v němž se platba započte (${AllocationProfile.labels[d.profile]}).`,
        left,
        doc.y,
        { width },
      );
    pageFooters(doc, `${d.lender.name} · vyčíslení pohledávky ke dni ${czechDate(d.asOf)} · smlouva ${contract}`);
  });
}

const MONEY = '#,##0.00 "Kč"';

/** The staff's spreadsheet: every line with its claim and the rule that would pay it, then the totals. */
export async function renderStatementXlsx(d: StatementDocument): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs'); // on first use, as table-export.ts
  const workbook = new ExcelJS.Workbook();
  workbook.creator = d.lender.name;
  const sheet = workbook.addWorksheet('Vyčíslení');
  sheet.columns = [
    { key: 'section', width: 14 },
    { key: 'claim', width: 12 },
    { key: 'type', width: 24 },
    { key: 'due', width: 12, style: { numFmt: 'd.m.yyyy' } },
    { key: 'amount', width: 16, style: { numFmt: MONEY } },
    { key: 'paid', width: 16, style: { numFmt: MONEY } },
    { key: 'remaining', width: 16, style: { numFmt: MONEY } },
    { key: 'rule', width: 44 },
  ];
  sheet.addRow([`Vyčíslení pohledávky č. ${d.id} ke dni ${czechDate(d.asOf)}`]).font = { bold: true, size: 13 };
  sheet.addRow(['Smlouva', d.content.contract_number ?? '']);
  sheet.addRow(['Variabilní symbol', d.content.variable_symbol ?? '']);
  sheet.addRow(['Alokační profil', AllocationProfile.labels[d.profile]]);
  sheet.addRow([]);
  sheet.addRow(['Oddíl', 'Pohledávka', 'Druh', 'Splatnost', 'Částka', 'Uhrazeno', 'Zbývá', 'Pravidlo']).font = { bold: true };
  // A Decimal(14, 2) amount has at most 14 significant digits: a double holds it exactly.
  const row = (section: string, l: ClaimsStatementLine) =>
    sheet.addRow([section, l.claim_id ?? '', l.type_label, new Date(`${l.due_date}T00:00:00Z`), Number(l.amount), Number(l.paid), Number(l.remaining), l.rule ?? '']);
  for (const l of d.lines.due) row('Splatné', l);
  for (const l of d.lines.notYetDue) row('Nesplatná jistina', l);
  sheet.addRow([]);
  for (const t of d.content.totals_by_type) sheet.addRow(['Součet', '', t.type_label, '', '', '', Number(t.remaining)]);
  const totals: [string, string][] = [
    ['Splatné celkem', d.content.total_due],
    ['Nesplatná jistina celkem', d.content.total_not_yet_due_principal],
    ['Celkem', d.content.grand_total],
    ['Přeplatek (kredit)', d.content.credit],
  ];
  for (const [label, value] of totals) sheet.addRow([label, '', '', '', '', '', Number(value)]).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
