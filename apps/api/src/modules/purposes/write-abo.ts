import iconv from 'iconv-lite';
import type { CzechAccount } from '@lending/contracts';
import { hellers, pragueDateTime, type PaymentOrder } from './payment-order.ts';

// The Czech banks' ABO format of domestic payment orders ("KPC" files), as ADR 0027 describes
// it line by line: a header (UHL1), one accounting file (type 1501, payment orders) with one
// group per due day, items, and the closing lines; fixed-width fields, windows-1250, CRLF.

const CRLF = '\r\n';

const zeros = (value: bigint | number | string, width: number): string => {
  const text = String(value);
  if (text.length > width) throw new Error(`${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
};

/** "PPPPPP-CCCCCCCCCC": prefix and number zero-padded, the bank code written elsewhere. */
const account = (a: CzechAccount) => `${zeros(a.prefix || 0, 6)}-${zeros(a.number, 10)}`;

/** YYYY-MM-DD → DDMMYY */
const ddmmyy = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;

/** Text of a fixed width: cut or padded with spaces (windows-1250 has one byte per character). */
const fixed = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');

/** The client name of the header as banks' ABO samples write it: upper-case letters without accents. */
const headerName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,-]/g, '');

/** The ABO file of a payment order, encoded in windows-1250. */
export function writeAbo(order: PaymentOrder): Buffer {
  const created = pragueDateTime(order.createdAt).slice(0, 10);
  // The accounting file's number within the interval 001–999 of the header: distinct for
  // consecutive batches, so a bank that refuses a repeated number refuses only a real repeat.
  const fileNumber = ((order.batchId - 1) % 999) + 1;
  const total = order.items.reduce((sum, item) => sum + hellers(item.amount), 0n);
  const lines = [
    // UHL1, creation date, client name (20), client number (10), file interval 001–999, the fixed
    // and secret parts of the old KB data-transfer code (unused: zeros).
    `UHL1${ddmmyy(created)}${fixed(headerName(order.lender.name), 20)}${zeros(0, 10)}001999${zeros(0, 6)}${zeros(0, 6)}`,
    // Accounting file: type 1501 (payment orders), file number + branch 000, the payer's bank.
    `1 1501 ${zeros(fileNumber, 3)}000 ${order.lender.account.bankCode}`,
    // Group: the payer's account, the group's sum in haléře (14), the due date.
    `2 ${account(order.lender.account)} ${zeros(total, 14)} ${ddmmyy(order.executionDate)}`,
    ...order.items.map((item) => {
      // Item: account, amount in haléře (15), VS (10), bank code + KS (4 + 4), SS (10), message.
      const fields = [
        account(item.account),
        zeros(hellers(item.amount), 15),
        zeros(item.variableSymbol ?? 0, 10),
        `${item.account.bankCode}${zeros(0, 4)}`,
        zeros(item.specificSymbol ?? 0, 10),
      ];
      if (item.message) fields.push(`AV:${item.message}`);
      return fields.join(' ');
    }),
    '3 +',
    '5 +',
  ];
  return iconv.encode(lines.join(CRLF) + CRLF, 'win1250');
}
