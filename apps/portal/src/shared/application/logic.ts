import type { FormState, FormType } from '@lending/contracts';
import { sumMoney } from '@lending/contracts/format';

// The rules of application start and of the route guard (portal.md §4), kept pure so they are tested alone.

export const paths = {
  crossroad: '/',
  loanValue: '/vyse-pujcky',
  personData: '/osobni-udaje',
  cover: '/zajisteni',
  documents: '/dokumenty',
  thankYou: '/odeslano',
} as const;

/** The step where a form in this state continues; CLOSED is handled before (a new form). */
export function stepForState(state: FormState | null | undefined): string {
  switch (state) {
    case 'BASIC_DEAL_INFO':
      return paths.personData;
    case 'PERSON_INFO':
      return paths.cover;
    case 'COLLATERAL_INFO':
      return paths.documents;
    default:
      return paths.crossroad;
  }
}

export const OFFER_FORMAT_ERROR = 'Offer is not in valid format';

/** Amounts as the API's decimal strings ("150000.00"), whatever form the link carried them in. */
export interface RegularOfferDraft {
  value: string;
  installment_value: string;
}
export interface ClaimGroup {
  order: number;
  count: number;
  amount: string;
}
/** claim_group_1..n as they came in the link; sent back as they are. */
export type IrregularOfferDraft = Record<string, ClaimGroup>;

function decodeBase64Json(encoded: string): unknown {
  try {
    const normalised = encoded.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/ /g, '+');
    const binary = atob(normalised);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error(OFFER_FORMAT_ERROR);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAmount = (v: unknown) => (typeof v === 'number' ? Number.isFinite(v) && v > 0 : typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v));
const isCount = (v: unknown) => (typeof v === 'number' ? Number.isInteger(v) && v > 0 : typeof v === 'string' && /^\d+$/.test(v));
/** A link's amount (a number or a decimal string) as the API writes money: "150000.00". */
const money = (v: unknown) => sumMoney([v as string | number]);

/** The `offer` query parameter: base64 of JSON with value (or principal) and installment_value. */
export function decodeOffer(encoded: string): RegularOfferDraft {
  const offer = decodeBase64Json(encoded);
  if (!isObject(offer)) throw new Error(OFFER_FORMAT_ERROR);
  const value = offer.value ?? offer.principal;
  if (!isAmount(value) || !isAmount(offer.installment_value)) throw new Error(OFFER_FORMAT_ERROR);
  return { value: money(value), installment_value: money(offer.installment_value) };
}

/** The `irregular_offer` query parameter: base64 of JSON with claim_group_1 (and further groups). */
export function decodeIrregularOffer(encoded: string): IrregularOfferDraft {
  const offer = decodeBase64Json(encoded);
  if (!isObject(offer) || !isObject(offer.claim_group_1)) throw new Error(OFFER_FORMAT_ERROR);
  const groups: IrregularOfferDraft = {};
  for (let i = 1; isObject(offer[`claim_group_${i}`]); i++) {
    const group = offer[`claim_group_${i}`] as Record<string, unknown>;
    if (!isCount(group.count) || !isAmount(group.amount)) throw new Error(OFFER_FORMAT_ERROR);
    groups[`claim_group_${i}`] = { order: Number(group.order ?? i), count: Number(group.count), amount: money(group.amount) };
  }
  return groups;
}

/** "1.–3. splátka", "4. splátka": payments numbered across the groups in their order. */
export function irregularOfferRows(offer: IrregularOfferDraft): { label: string; amount: string }[] {
  const groups = Object.values(offer).sort((a, b) => a.order - b.order);
  let first = 1;
  return groups.map((group) => {
    const last = first + group.count - 1;
    const label = group.count > 1 ? `${first}.–${last}. splátka` : `${first}. splátka`;
    first = last + 1;
    return { label, amount: group.amount };
  });
}

export const TOKEN_LENGTH = 32;

/**
 * Rule 1 of the guard: the bank connection returns with `clientId` in the query, or appended
 * to the token ('…?token=X?clientId=Y'). Answers the URL to go to, or null.
 */
export function bankReturnRedirect(pathname: string, search: URLSearchParams): string | null {
  const token = search.get('token');
  if (!search.has('clientId') && !token?.includes('?clientId')) return null;
  const query = new URLSearchParams();
  if (token) query.set('token', token.slice(0, TOKEN_LENGTH));
  query.set('screening', 'true');
  return `${pathname === paths.documents ? pathname : paths.documents}?${query}`;
}

/**
 * Rules 2 of the guard, once the form is loaded: Crossroad, loan and person data are always
 * open; Cover needs a token and the person data (state PERSON_INFO, or later when coming back);
 * Documents needs a token. Answers the path to redirect to, or null.
 */
export function guardRedirect(pathname: string, form: { token: string | null; state: FormState | null }): string | null {
  if (pathname === paths.cover) {
    return form.token && (form.state === 'PERSON_INFO' || form.state === 'COLLATERAL_INFO') ? null : paths.crossroad;
  }
  if (pathname === paths.documents) return form.token ? null : paths.crossroad;
  return null;
}

/** A step's URL with the query the form carries (portal.md §2): token, type, UTM. */
export function stepUrl(path: string, query: { token?: string | null; type?: FormType | null; extra?: Record<string, string> }): string {
  const search = new URLSearchParams();
  if (query.token) search.set('token', query.token);
  if (query.type) search.set('type', query.type);
  for (const [key, value] of Object.entries(query.extra ?? {})) search.set(key, value);
  return search.size ? `${path}?${search}` : path;
}

export const formSteps: readonly { path: string; label: string }[] = [
  { path: paths.loanValue, label: 'Výše půjčky' },
  { path: paths.personData, label: 'Osobní údaje' },
  { path: paths.cover, label: 'Zajištění' },
  { path: paths.documents, label: 'Dokumenty' },
];

/** What the thank-you page shows after the form is forgotten (kept in the history entry, so a reload keeps it). */
export interface SentApplication {
  /** The applicant's reference number (the number staff know the application by). */
  reference: number | null;
  token: string;
  missingCount: number;
}
