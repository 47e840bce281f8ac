import type { CzechAccount } from '@lending/contracts';

/** One payment of a payment-order file: a drawing paid to its purpose's recipient. */
export interface PaymentOrderItem {
  drawingId: number;
  /** Canonical money, e.g. "1250.50". */
  amount: string;
  /** The recipient's Czech account and its IBAN (only domestic payments are ordered, ADR 0027). */
  account: CzechAccount;
  iban: string;
  variableSymbol: string | null;
  specificSymbol: string | null;
  recipientName: string | null;
  message: string | null;
}

/** What a payment-order file says: who pays, from which account, on which day, to whom. */
export interface PaymentOrder {
  batchId: number;
  createdAt: Date;
  /** YYYY-MM-DD: the day the bank is to pay. */
  executionDate: string;
  lender: { name: string; account: CzechAccount; iban: string; bic: string };
  items: PaymentOrderItem[];
}

/** "1250.50" → 125050n: an amount in haléře, digit by digit. */
export function hellers(amount: string): bigint {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a canonical amount: ${amount}`);
  return BigInt(match[1]!) * 100n + BigInt(match[2]!);
}

/** 125050n → "1250.50" */
export function moneyOfHellers(value: bigint): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}

const PRAGUE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Prague wall-clock time of an instant, "2026-11-25T14:05:09" (files for Czech banks carry local time). */
export function pragueDateTime(date: Date): string {
  const p = Object.fromEntries(PRAGUE.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}
