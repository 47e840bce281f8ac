import { ScreeningType, type ScreeningOutcome, type ScreeningResult } from '@lending/contracts';
import { COLORS, dataTable, fieldList, FONT, FONT_BOLD, heading, pageFooters, renderPdf } from '../../pdf/pdf-document.ts';
import { czechDateTime } from './describe-screening-result.ts';

export interface ScreeningReportInput {
  lenderName: string;
  screening: { id: number; type: ScreeningType; createdAt: Date; finishedAt: Date };
  person: { id: number; name: string; identificationLabel: string; identification: string | null };
  /** E-mail of the staff member who ran it; null when the system did. */
  requestedBy: string | null;
  result: ScreeningResult;
}

const OUTCOME_COLORS: Record<ScreeningOutcome, string> = { CLEAN: COLORS.ok, WARNING: COLORS.warning, RISK: COLORS.risk };

/**
 * The PDF protocol of a finished screening: lender header, the person (birth number with its
 * serial masked), what was run when and by whom, the outcome, then each result section.
 */
export function renderScreeningReport(input: ScreeningReportInput): Promise<Buffer> {
  const typeLabel = ScreeningType.labels[input.screening.type];
  const title = `Protokol o prověrce č. ${input.screening.id}: ${typeLabel}`;
  return renderPdf({ title, author: input.lenderName, subject: `Prověrka osoby ${input.person.name}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    doc.font(FONT_BOLD).fontSize(16).fillColor(COLORS.brand).text(input.lenderName, left, 50, { width: width / 2 });
    doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(`Protokol o prověrce osoby\nVyhotoveno ${czechDateTime(input.screening.finishedAt)}`, left + width / 2, 52, { width: width / 2, align: 'right' });
    doc.moveTo(left, 88).lineTo(left + width, 88).lineWidth(1.5).strokeColor(COLORS.brand).stroke();
    doc.y = 100;

    doc.font(FONT_BOLD).fontSize(14).fillColor(COLORS.text).text(typeLabel, left);
    doc.moveDown(0.3);
    doc.font(FONT_BOLD).fontSize(11).fillColor(OUTCOME_COLORS[input.result.outcome]).text(`Výsledek: ${input.result.outcome_label}`);
    doc.font(FONT).fontSize(10).fillColor(COLORS.text).text(input.result.summary, { width });

    heading(doc, 'Prověřovaná osoba');
    fieldList(doc, [
      { label: 'Jméno / název', value: input.person.name },
      { label: input.person.identificationLabel, value: input.person.identification ?? 'neuvedeno' },
      { label: 'Číslo osoby v systému', value: String(input.person.id) },
    ]);

    heading(doc, 'Prověrka');
    fieldList(doc, [
      { label: 'Číslo prověrky', value: String(input.screening.id) },
      { label: 'Druh prověrky', value: `${typeLabel} (${input.screening.type})` },
      { label: 'Zadána', value: czechDateTime(input.screening.createdAt) },
      { label: 'Dokončena', value: czechDateTime(input.screening.finishedAt) },
      { label: 'Zadal(a)', value: input.requestedBy ?? 'systém' },
      { label: 'Zdroj dat', value: input.result.provider === 'sandbox' ? 'Testovací prostředí (sandbox) – nejde o skutečná data registrů' : 'Brána registrů' },
    ]);

    for (const section of input.result.sections) {
      heading(doc, section.title);
      if (section.fields.length) fieldList(doc, section.fields);
      if (section.table) {
        if (section.table.rows.length) dataTable(doc, section.table.columns, section.table.rows);
        else doc.font(FONT).fontSize(10).fillColor(COLORS.muted).text(section.empty_text ?? 'Žádné záznamy.', left).fillColor(COLORS.text);
      }
    }

    doc.moveDown(1.5);
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text('Dokument obsahuje osobní údaje. Nakládejte s ním v souladu s nařízením GDPR a interními pravidly věřitele; nepředávejte jej třetím osobám.', left, doc.y, { width });

    pageFooters(doc, `${input.lenderName} · prověrka č. ${input.screening.id}`);
  });
}
