import { createHash } from 'node:crypto';
import type { AccountTransaction, BankConnectionProvider, ConnectedAccount } from './bank-connection-provider.ts';

export interface SandboxBank {
  code: string;
  name: string;
  bankCode: string;
  /** A bank whose demo account has only a handful of payments (the "too few transactions" path). */
  sparse?: boolean;
}

export const SANDBOX_BANKS: readonly SandboxBank[] = [
  { code: 'csas', name: 'Česká spořitelna', bankCode: '0800' },
  { code: 'kb', name: 'Komerční banka', bankCode: '0100' },
  { code: 'csob', name: 'ČSOB', bankCode: '0300' },
  { code: 'fio', name: 'Fio banka', bankCode: '2010' },
  { code: 'rb', name: 'Raiffeisenbank', bankCode: '5500' },
  { code: 'sparse', name: 'Demo banka – účet s několika platbami', bankCode: '6100', sparse: true },
];

/** Days of history the sandbox returns: more than the 90 days the lender asks for. */
export const SANDBOX_HISTORY_DAYS = 120;

/** The sandbox provider is our own page: `/api/v1/bank-sandbox/{clientId}/`. */
export class SandboxBankConnectionProvider implements BankConnectionProvider {
  readonly name = 'sandbox';
  private readonly publicUrl: string | undefined;
  constructor(publicUrl: string | undefined) {
    this.publicUrl = publicUrl;
  }

  authorizationUrl(clientId: string): string {
    return `${(this.publicUrl ?? '').replace(/\/$/, '')}/api/v1/bank-sandbox/${encodeURIComponent(clientId)}/`;
  }
}

// A small seeded generator (mulberry32): the same clientId always yields the same account.
function random(seed: string) {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

function czechIban(bankCode: string, accountNumber: string): string {
  const bban = `${bankCode}000000${accountNumber.padStart(10, '0')}`;
  // ISO 13616: C = 12, Z = 35, then "00"; check = 98 - mod 97.
  const remainder = BigInt(`${bban}123500`) % 97n;
  return `CZ${String(98n - remainder).padStart(2, '0')}${bban}`;
}

const SHOPS = ['Albert', 'Lidl', 'Kaufland', 'Billa', 'Penny Market', 'Tesco', 'Rossmann', 'dm drogerie', 'Benzina', 'OMV', 'Lékárna Dr.Max', 'Alza.cz'];
const EMPLOYERS = ['Stavby Morava s.r.o.', 'Elektro Novák s.r.o.', 'Pekárna Horák a.s.', 'Doprava Svoboda s.r.o.', 'Účetnictví Černý s.r.o.'];
const MOBILE = ['O2 Czech Republic a.s.', 'T-Mobile Czech Republic a.s.', 'Vodafone Czech Republic a.s.'];
const ENERGY = ['ČEZ Prodej, a.s.', 'Pražská energetika, a.s.', 'E.ON Energie, a.s.', 'innogy Energie, s.r.o.'];

const money = (crowns: number) => (Math.round(crowns * 100) / 100).toFixed(2);
const DAY_MS = 86_400_000;
const addDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo account of a sandbox connection: 120 days of plausible Czech payments up to `today`
 * (salary, rent, energy, phone, card payments, cash), the first on the first day of the history.
 * The sparse demo bank returns five payments only.
 */
export function sandboxAccount(clientId: string, bank: SandboxBank, today: string): ConnectedAccount {
  const rnd = random(`${clientId}:${bank.code}`);
  const accountNumber = String(rnd.int(100_000_000, 2_999_999_999));
  const start = addDays(today, -(SANDBOX_HISTORY_DAYS - 1));
  const rows: Omit<AccountTransaction, 'externalId'>[] = [];
  const card = (date: string) => {
    const shop = rnd.pick(SHOPS);
    rows.push({ date, amount: money(-rnd.int(89, 2_500) - rnd.int(0, 99) / 100), currency: 'CZK', counterpartyName: shop, counterpartyAccount: null, description: `Platba kartou ${shop}`, variableSymbol: null });
  };

  if (bank.sparse) {
    card(start);
    const days = new Set<number>();
    while (days.size < 4) days.add(rnd.int(0, 89));
    for (const offset of [...days].sort((a, b) => b - a)) card(addDays(today, -offset));
  } else {
    const employer = rnd.pick(EMPLOYERS);
    const salary = rnd.int(280, 520) * 100;
    const rent = rnd.int(90, 180) * 100;
    const energy = rnd.pick(ENERGY);
    const energyAdvance = rnd.int(12, 35) * 100;
    const mobile = rnd.pick(MOBILE);
    const landlordAccount = `${rnd.int(10_000_000, 99_999_999)}/${rnd.pick(['0100', '0300', '0800', '2010'])}`;
    card(start);
    for (let offset = SANDBOX_HISTORY_DAYS - 2; offset >= 0; offset--) {
      const date = addDays(today, -offset);
      const dayOfMonth = Number(date.slice(8, 10));
      if (dayOfMonth === 10) {
        rows.push({ date, amount: money(salary + rnd.int(-1500, 1500)), currency: 'CZK', counterpartyName: employer, counterpartyAccount: null, description: `Mzda ${date.slice(5, 7)}/${date.slice(0, 4)}`, variableSymbol: date.slice(0, 7).replace('-', '') });
      }
      if (dayOfMonth === 15) {
        rows.push({ date, amount: money(-rent), currency: 'CZK', counterpartyName: 'Pronajímatel', counterpartyAccount: landlordAccount, description: 'Nájemné', variableSymbol: accountNumber.slice(-6) });
      }
      if (dayOfMonth === 20) {
        rows.push({ date, amount: money(-energyAdvance), currency: 'CZK', counterpartyName: energy, counterpartyAccount: null, description: 'Záloha na elektřinu', variableSymbol: String(rnd.int(1_000_000_000, 9_999_999_999)) });
      }
      if (dayOfMonth === 5) {
        rows.push({ date, amount: money(-rnd.int(299, 899)), currency: 'CZK', counterpartyName: mobile, counterpartyAccount: null, description: 'Mobilní tarif', variableSymbol: String(rnd.int(100_000_000, 999_999_999)) });
      }
      if (rnd.next() < 0.45) card(date);
      if (rnd.next() < 0.07) {
        rows.push({ date, amount: money(-rnd.int(1, 5) * 1000), currency: 'CZK', counterpartyName: null, counterpartyAccount: null, description: 'Výběr z bankomatu', variableSymbol: null });
      }
    }
  }
  return {
    bankName: bank.name,
    accountName: 'Běžný účet',
    iban: czechIban(bank.bankCode, accountNumber),
    transactions: rows.map((row, i) => ({ ...row, externalId: `${clientId}-${i + 1}` })),
  };
}
