import { hellers, moneyOfHellers, pragueDateTime, type PaymentOrder } from './payment-order.ts';

// ISO 20022 pain.001.001.03 (CustomerCreditTransferInitiationV03) as Czech banks import it for
// domestic payments in CZK (ADR 0027): one payment information block per file, IBANs on both
// sides, the symbols in EndToEndId, the message as unstructured remittance information.

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `<Tag>text</Tag>`, escaped. */
const el = (tag: string, text: string) => `<${tag}>${escape(text)}</${tag}>`;

/** "/VS1234/SS5678": the Czech payment symbols, or NOTPROVIDED (EndToEndId is mandatory). */
export function endToEndId(variableSymbol: string | null, specificSymbol: string | null): string {
  const parts = [variableSymbol ? `/VS${variableSymbol}` : '', specificSymbol ? `/SS${specificSymbol}` : ''].join('');
  return parts || 'NOTPROVIDED';
}

/** The pain.001.001.03 XML of a payment order, UTF-8. */
export function writePain001(order: PaymentOrder): Buffer {
  const created = pragueDateTime(order.createdAt);
  const total = moneyOfHellers(order.items.reduce((sum, item) => sum + hellers(item.amount), 0n));
  const count = String(order.items.length);
  // Unique per file for the bank's duplicate check, also across databases: batch id and time.
  const msgId = `PP-${order.batchId}-${created.replace(/\D/g, '')}`;
  const party = el('Nm', order.lender.name.slice(0, 140));
  const transactions = order.items.map((item) =>
    [
      '<CdtTrfTxInf>',
      `<PmtId>${el('InstrId', `D${item.drawingId}`)}${el('EndToEndId', endToEndId(item.variableSymbol, item.specificSymbol))}</PmtId>`,
      `<Amt><InstdAmt Ccy="CZK">${item.amount}</InstdAmt></Amt>`,
      item.recipientName ? `<Cdtr>${el('Nm', item.recipientName)}</Cdtr>` : '',
      `<CdtrAcct><Id>${el('IBAN', item.iban)}</Id></CdtrAcct>`,
      item.message ? `<RmtInf>${el('Ustrd', item.message)}</RmtInf>` : '',
      '</CdtTrfTxInf>',
    ].join(''),
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${PAIN001_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<CstmrCdtTrfInitn>',
    `<GrpHdr>${el('MsgId', msgId)}${el('CreDtTm', created)}${el('NbOfTxs', count)}${el('CtrlSum', total)}<InitgPty>${party}</InitgPty></GrpHdr>`,
    '<PmtInf>',
    `${el('PmtInfId', `PP-${order.batchId}`)}${el('PmtMtd', 'TRF')}${el('NbOfTxs', count)}${el('CtrlSum', total)}`,
    el('ReqdExctnDt', order.executionDate),
    `<Dbtr>${party}</Dbtr>`,
    `<DbtrAcct><Id>${el('IBAN', order.lender.iban)}</Id><Ccy>CZK</Ccy></DbtrAcct>`,
    `<DbtrAgt><FinInstnId>${el('BIC', order.lender.bic)}</FinInstnId></DbtrAgt>`,
    ...transactions,
    '</PmtInf>',
    '</CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
  return Buffer.from(xml, 'utf8');
}
