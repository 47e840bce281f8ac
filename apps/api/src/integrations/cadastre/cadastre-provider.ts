// The Czech cadastre of real estate (katastr nemovitostí, ČÚZK) as the back-office needs it
// (issue 25 §2): the codebook of cadastral territories, the price of a title deed's extract and
// the extract itself (PDF and its XML data). `sandbox` answers offline and deterministically;
// `wsdp` asks ČÚZK's paid web services (Webové služby dálkového přístupu).

/**
 * A title deed (list vlastnictví, LV): its territory's code and number, or the cadastre's own
 * id of it (`externalId`, WSDP's lvId).
 */
export type LvRef = { territoryCode: string; lvNumber: string; externalId?: string } | { externalId: string; territoryCode?: undefined; lvNumber?: undefined };

/** A cadastral territory (katastrální území) of the codebook. */
export interface CadastreTerritory {
  /** 6 digits. */
  code: string;
  name: string;
  /** The municipality (obec) the territory lies in. */
  municipality: string | null;
  /** Its district (okres). */
  district: string | null;
}

export interface CadastreQuote {
  /** What the extract costs, CZK as the cadastre charges it, a decimal string: "100.00". */
  price: string;
  externalId: string | null;
  /** Empty when the LV was given by `externalId` only and the cadastre did not say (WSDP). */
  territoryCode: string;
  lvNumber: string;
}

export interface CadastreExtract {
  /** The extract as the cadastre issued it. */
  pdf: Buffer;
  /** Its data in our XML format (parse-extract.ts reads it). */
  xml: Buffer;
  price: string;
  externalId: string | null;
  territoryCode: string;
  lvNumber: string;
  /** The moment the extract describes. */
  asOf: Date;
}

export interface CadastreProvider {
  readonly name: 'sandbox' | 'wsdp';
  /** The codebook of cadastral territories (katastrální území). */
  territories(signal?: AbortSignal): Promise<CadastreTerritory[]>;
  /** What ordering the extract costs, without ordering it. */
  price(lv: LvRef, signal?: AbortSignal): Promise<CadastreQuote>;
  /** Orders the extract of the title deed (list vlastnictví) as of `asOf` (default now): PDF and its XML data. */
  order(lv: LvRef & { asOf?: Date }, signal?: AbortSignal): Promise<CadastreExtract>;
}

export type CadastreErrorKind = 'NOT_FOUND' | 'UNAVAILABLE' | 'REFUSED';

/**
 * A cadastre call that did not go through, with a Czech message for staff:
 * - NOT_FOUND: no such territory or title deed;
 * - UNAVAILABLE: the cadastre is down, times out or answers nonsense (worth another attempt);
 * - REFUSED: the cadastre said no (credentials, account, request), or an extract we cannot read.
 */
export class CadastreError extends Error {
  readonly kind: CadastreErrorKind;
  /** What happened, for the logs (never a password or an envelope). */
  readonly detail?: string;
  constructor(kind: CadastreErrorKind, message: string, options?: ErrorOptions & { detail?: string }) {
    super(message, options);
    this.name = 'CadastreError';
    this.kind = kind;
    this.detail = options?.detail;
  }
}
