/**
 * SMS text and its length in SMS parts (GSM 03.38 / 3GPP TS 23.038 and 23.040).
 *
 * An SMS carries 140 bytes: 160 characters of the GSM 7-bit default alphabet, or 70 UTF-16 code
 * units (UCS-2) as soon as one character is outside it — and Czech letters with háček (ř, š, č, ě,
 * ž, ů …) are. A longer message travels in parts whose user-data header leaves 153 septets or 67
 * code units each, and operators bill every part, hence diacritics are stripped by default.
 */

// The default alphabet in table order (0x00–0x7F) without 0x1B, the escape to the extension table.
const BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';
// The extension table: ESC + one septet each, so each of these costs 2 septets.
const EXTENSION_TABLE = '\f^{}\\[~]|€';

export const GSM7_BASIC: ReadonlySet<string> = new Set(BASIC_TABLE);
export const GSM7_EXTENSION: ReadonlySet<string> = new Set(EXTENSION_TABLE);

export function isGsm7(char: string): boolean {
  return GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char);
}

// Typography that looks the same in plain characters: amounts formatted for cs-CZ carry no-break
// spaces, Czech quotes are „…“; left in, any of them would turn the whole message into UCS-2.
const PUNCTUATION: [RegExp, string][] = [
  [/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' '],
  [/[\u00ad\u200b-\u200d\u2060\ufeff]/g, ''],
  [/[„“”«»″]/g, '"'],
  [/[‚‘’‹›′]/g, "'"],
  [/[‐‑‒–—―−]/g, '-'],
  [/…/g, '...'],
  [/•/g, '*'],
];

/** Replaces typographic spaces, quotes, dashes and ellipses with their GSM-7 lookalikes. */
export function plainPunctuation(text: string): string {
  return PUNCTUATION.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/**
 * Text that fits the GSM-7 alphabet: typography made plain, diacritics removed (ř→r, Ů→U, é→e …),
 * and any character still outside the alphabet replaced by '?'.
 */
export function stripDiacritics(text: string): string {
  let out = '';
  // Per character (after composing), so that one unknown character becomes one '?'.
  for (const char of plainPunctuation(text.normalize('NFC'))) {
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...base].every(isGsm7) ? base : '?';
  }
  return out;
}

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7; extension characters count 2) or UTF-16 code units (UCS-2). */
  units: number;
  /** SMS parts the message is sent (and billed) as; an empty text is still one SMS. */
  segments: number;
}

const LIMITS = { 'GSM-7': { single: 160, part: 153 }, 'UCS-2': { single: 70, part: 67 } } as const;

/** The encoding the text needs and the number of SMS parts it takes, as sent (nothing is replaced). */
export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const encoding = chars.every(isGsm7) ? 'GSM-7' : 'UCS-2';
  const sizes = encoding === 'GSM-7' ? chars.map((c) => (GSM7_EXTENSION.has(c) ? 2 : 1)) : chars.map((c) => c.length);
  const units = sizes.reduce((a, b) => a + b, 0);
  const { single, part } = LIMITS[encoding];
  return { encoding, units, segments: units <= single ? 1 : pack(sizes, part) };
}

// Neither an escape and its septet nor the two halves of a surrogate pair may be split between
// parts, so a part can end one unit short and the count is not simply ceil(units / part).
function pack(sizes: number[], capacity: number): number {
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > capacity) {
      parts++;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** A text that cannot go out as an SMS, with a Czech reason for staff. */
export class SmsTextRejected extends Error {
  /** The prepared text's length when it was too long. */
  readonly segments?: SmsSegments;
  constructor(message: string, segments?: SmsSegments) {
    super(message);
    this.name = 'SmsTextRejected';
    this.segments = segments;
  }
}

export interface PreparedSms extends SmsSegments {
  /** The text to hand to the gateway. */
  text: string;
}

/**
 * The text to send and its length: without diacritics unless `unicode` allows UCS-2 (which is
 * then used only when the text needs it). Throws SmsTextRejected for an empty text or one longer
 * than `maxSegments` parts.
 */
export function prepareSms(text: string, options: { unicode: boolean; maxSegments: number }): PreparedSms {
  if (!Number.isInteger(options.maxSegments) || options.maxSegments < 1) throw new RangeError(`maxSegments must be a positive integer, got ${options.maxSegments}`);
  const composed = text.normalize('NFC');
  let out: string;
  if (!options.unicode) {
    out = stripDiacritics(composed);
  } else {
    const plain = plainPunctuation(composed);
    out = [...plain].every(isGsm7) ? plain : composed;
  }
  if (!out.trim()) throw new SmsTextRejected('Text SMS je prázdný.');
  const segments = smsSegments(out);
  if (segments.segments > options.maxSegments) {
    const why =
      segments.encoding === 'UCS-2'
        ? `obsahuje znaky mimo abecedu GSM (např. „${[...out].find((c) => !isGsm7(c))}“), proto má SMS jen 70 znaků a každá část delší zprávy 67`
        : `${segments.units} znaků GSM, 160 v jedné SMS a 153 v každé části delší zprávy`;
    throw new SmsTextRejected(`Text SMS je příliš dlouhý: vyšel by na ${segments.segments} ${parts(segments.segments)} SMS (limit ${options.maxSegments}; ${why}).`, segments);
  }
  return { text: out, ...segments };
}

function parts(n: number): string {
  return n === 1 ? 'část' : n >= 2 && n <= 4 ? 'části' : 'částí';
}
