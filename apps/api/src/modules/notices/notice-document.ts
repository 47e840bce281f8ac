import type { ClaimsStatementContent, NoticeType } from '@lending/contracts';

/**
 * Everything one notice (a letter of the collections ladder, SERVICING.md §6) shows, frozen when
 * it is sent: the PDF, the plain-text preview, the e-mail and the print batch are all drawn from
 * this one object, so they can never disagree. The figures are a claims statement computed for
 * the notice date by the claims-statement code (never a second formula).
 */
export interface NoticeDocument {
  noticeId: number;
  groupId: number;
  noticeType: NoticeType;
  /** The letter's heading, e.g. 'Upomínka', 'Druhá upomínka', 'Výzva před zesplatněním'. */
  title: string;
  /** The notice date (YYYY-MM-DD): the figures are as of this day. */
  date: string;
  /** Sent as a registered letter (doporučeně) when it goes by post. */
  registered: boolean;
  lender: { name: string; address: string | null; account: string | null; iban: string | null };
  addressee: {
    name: string;
    /** Why this person receives it, e.g. 'dlužník', 'spoludlužník', 'zástavce'. */
    roleLabel: string;
    /** Postal address lines (street + number, ZIP + city); empty when none is known. */
    addressLines: string[];
  };
  deal: { id: number; contractNumber: string | null; variableSymbol: string | null };
  /** The claims statement of the deal as of `date`. */
  statement: ClaimsStatementContent;
  /** The penalty interest rate still running, per cent p.a. (decimal string), or null when none runs. */
  penaltyRate: string | null;
  /**
   * What to pay and by when: `amount` is the statement's total_due (decimal string, Kč), `dueBy`
   * the day by which the notice asks for it (YYYY-MM-DD), `message` the payment message. Null
   * when nothing is overdue (a notice about a document only).
   */
  payment: { amount: string; variableSymbol: string | null; dueBy: string; message: string } | null;
  /** For a notice about an undelivered document: which one and since when it is due. */
  obligation: { label: string; description: string | null; dueDate: string | null } | null;
  /** The next step of the ladder and the day it comes, or null when this is the last one. */
  nextStep: { title: string; on: string } | null;
  /** A note staff added to the group, printed as a paragraph of its own. */
  note: string | null;
}
