import type { AddressSuggestion, AddressSuggestionValue, AddressSuggestRequest, AddressSuggestResponse } from '@lending/contracts';
import type { PrismaClient } from '../../db/prisma.ts';
import type { AddressProvider } from './address-provider.ts';
import { foldForSearch, foldSql } from './normalize.ts';

type Field = AddressSuggestionValue;
/** What one suggestion stands for: the field being edited decides it, as in SmartForm. */
type Level = 'address' | 'street' | 'town' | 'district' | 'region';

const LEVEL: Record<Field, Level> = {
  WHOLE_ADDRESS: 'address',
  STREET_AND_NUMBER: 'address',
  NUMBER: 'address',
  STREET: 'street',
  CITY: 'town',
  ZIP: 'town',
  DISTRICT: 'district',
  REGION: 'region',
};

// A village without streets numbers its houses after itself ("Dolní Bečva 123"), which is
// also what people write in the street field.
const STREET = 'coalesce(street, city)';
const ZIP_DIGITS = `replace(zip, ' ', '')`;

/** The column text a field's words must begin words of (WHOLE_ADDRESS: the search text alone). */
const FIELD_TEXT: Record<Exclude<Field, 'WHOLE_ADDRESS' | 'ZIP'>, string> = {
  STREET: foldSql(STREET),
  NUMBER: foldSql('number'),
  STREET_AND_NUMBER: foldSql(`${STREET} || ' ' || number`),
  CITY: foldSql(`coalesce(city_part, '') || ' ' || city`),
  DISTRICT: foldSql(`coalesce(district, '')`),
  REGION: foldSql(`coalesce(region, '')`),
};

/** Columns a grouped suggestion is made of, and the name its ranking compares with the input. */
const GROUPS: Record<Exclude<Level, 'address'>, { columns: string; name: (field: Field) => string }> = {
  street: { columns: 'street, city, city_part, zip, district, region', name: () => foldSql(STREET) },
  town: { columns: 'city, city_part, zip, district, region', name: (f) => (f === 'ZIP' ? ZIP_DIGITS : foldSql('coalesce(city_part, city)')) },
  district: { columns: 'district, region', name: () => foldSql(`coalesce(district, '')`) },
  region: { columns: 'region', name: () => foldSql(`coalesce(region, '')`) },
};

interface Row {
  whole_address?: string;
  street?: string | null;
  number?: string;
  zip?: string;
  city?: string;
  city_part?: string | null;
  district?: string | null;
  region?: string | null;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The words of one filled-in field, folded; a ZIP typed as digits is one word without spaces. */
function wordsOf(field: Field, text: string): string[] {
  if (field === 'ZIP' && /^[\d\s]+$/.test(text)) return [text.replace(/\s/g, '')].filter(Boolean);
  return foldForSearch(text).split(' ').filter(Boolean);
}

const MIN_FUZZY_LENGTH = 3;

/**
 * The default whisperer: the bundled Czech address list in PostgreSQL, searched through the
 * trigram index on `search_text`. Every typed word must begin a word of the address
 * (diacritics and case ignored: "namesti miru" finds "náměstí Míru"); when nothing does, the
 * search forgives a typo ("Masarikova") with pg_trgm word similarity. Czech addresses only.
 */
export class BundledAddressProvider implements AddressProvider {
  private readonly prisma: PrismaClient;
  constructor(prisma: PrismaClient) {
    this.prisma = prisma;
  }

  async suggest(request: AddressSuggestRequest): Promise<AddressSuggestResponse> {
    const ok = (suggestions: AddressSuggestion[]): AddressSuggestResponse => ({ resultCode: 'OK', errorMessage: null, id: request.id ?? null, suggestions });
    // The bundled list holds Czech addresses only: a Slovak search finds nothing, like an unknown street.
    if (request.country !== 'CZ') return ok([]);

    const criteria = (Object.entries(request.values) as [Field, string][])
      .map(([field, text]) => ({ field, words: wordsOf(field, text) }))
      .filter((c) => c.words.length > 0);
    if (criteria.length === 0) return ok([]);

    const level = LEVEL[request.fieldType];
    const editedText = criteria.find((c) => c.field === request.fieldType)?.words.join(' ') ?? '';
    const allText = criteria.flatMap((c) => c.words).join(' ');

    let rows = await this.prisma.$queryRawUnsafe<Row[]>(...this.strictQuery(request, level, criteria, editedText, allText));
    if (rows.length === 0 && allText.length >= MIN_FUZZY_LENGTH) {
      const words = [...new Set(allText.split(' '))];
      // The planner underrates word_similarity() on this small table and computes it for
      // every row (~250 ms); a bitmap scan of the trigram index answers in a few ms. One
      // short word needs a lower bar than several.
      const threshold = words.length > 1 ? '0.5' : '0.3';
      [, rows] = await this.prisma.$transaction([
        this.prisma.$queryRawUnsafe(
          `SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
            set_config('pg_trgm.word_similarity_threshold', $1, true)`,
          threshold,
        ),
        this.prisma.$queryRawUnsafe<Row[]>(...this.fuzzyQuery(request, level, words, allText)),
      ]);
    }
    return ok(rows.map((row) => toSuggestion(request.fieldType, level, row)));
  }

  private strictQuery(request: AddressSuggestRequest, level: Level, criteria: { field: Field; words: string[] }[], editedText: string, allText: string): [string, ...unknown[]] {
    const p = new Params();
    const where: string[] = [];
    const words = [...new Set(criteria.flatMap((c) => c.words))];
    // Drives the trigram index: each word begins a word somewhere in the address.
    for (const word of words) where.push(`search_text LIKE ${p.add(`% ${word}%`)}`);
    // Then each word is checked against its own field (a town typed as CITY is not a street).
    for (const { field, words: fieldWords } of criteria) {
      if (field === 'WHOLE_ADDRESS') continue;
      for (const word of fieldWords) {
        where.push(field === 'ZIP' ? `${ZIP_DIGITS} LIKE ${p.add(`${word}%`)}` : `(' ' || ${FIELD_TEXT[field]}) LIKE ${p.add(`% ${word}%`)}`);
      }
    }
    const limit = p.add(request.limit);
    if (level === 'address') {
      // Whole words typed in full first ("12" before "1203"), then the closest address.
      const exact = words.map((w) => `((search_text || ' ') LIKE ${p.add(`% ${w} %`)})::int`).join(' + ');
      const sql = `SELECT whole_address, street, number, zip, city, city_part, district, region FROM addresses
        WHERE ${where.join(' AND ')}
        ORDER BY (${exact}) DESC, similarity(split_part(search_text, ' | ', 1), ${p.add(allText)}) DESC, whole_address
        LIMIT ${limit}`;
      return [sql, ...p.values];
    }
    const group = GROUPS[level];
    const name = group.name(request.fieldType);
    // Names starting with what was typed first, then the closest, then the larger places.
    const order = editedText ? [`(${name} LIKE ${p.add(`${editedText}%`)}) DESC`, `similarity(${name}, ${p.add(editedText)}) DESC`] : [];
    const sql = `SELECT ${group.columns}, count(*)::int AS houses FROM addresses
      WHERE ${where.join(' AND ')}
      GROUP BY ${group.columns}
      ORDER BY ${[...order, 'houses DESC', group.columns].join(', ')}
      LIMIT ${limit}`;
    return [sql, ...p.values];
  }

  /**
   * Typo forgiveness: addresses close to the input by pg_trgm word similarity (through the
   * index), those with more of the typed words intact first.
   */
  private fuzzyQuery(request: AddressSuggestRequest, level: Level, words: string[], allText: string): [string, ...unknown[]] {
    const p = new Params();
    const q = p.add(allText);
    const matched = words.map((w) => `(search_text LIKE ${p.add(`% ${w}%`)})::int`).join(' + ');
    const where = `${q} <% search_text`;
    const limit = p.add(request.limit);
    if (level === 'address') {
      const sql = `SELECT whole_address, street, number, zip, city, city_part, district, region FROM addresses
        WHERE ${where}
        ORDER BY (${matched}) DESC, word_similarity(${q}, search_text) DESC, whole_address
        LIMIT ${limit}`;
      return [sql, ...p.values];
    }
    const group = GROUPS[level];
    const sql = `SELECT ${group.columns}, count(*)::int AS houses FROM addresses
      WHERE ${where}
      GROUP BY ${group.columns}
      ORDER BY max(${matched}) DESC, max(word_similarity(${q}, search_text)) DESC, houses DESC, ${group.columns}
      LIMIT ${limit}`;
    return [sql, ...p.values];
  }
}

function compact(values: Record<string, string | null | undefined>): AddressSuggestion['values'] {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) out[key] = value;
  return out as AddressSuggestion['values'];
}

function toSuggestion(fieldType: Field, level: Level, row: Row): AddressSuggestion {
  const place = row.city_part ?? row.city;
  const street = row.street ?? row.city;
  switch (level) {
    case 'address':
      return {
        fieldType,
        wholeAddress: true,
        values: compact({
          WHOLE_ADDRESS: row.whole_address,
          STREET: street,
          NUMBER: row.number,
          STREET_AND_NUMBER: `${street} ${row.number}`,
          CITY: place,
          ZIP: row.zip,
          DISTRICT: row.district,
          REGION: row.region,
        }),
      };
    case 'street':
      return {
        fieldType,
        wholeAddress: false,
        values: compact({ WHOLE_ADDRESS: `${street}, ${row.zip} ${place}`, STREET: street, CITY: place, ZIP: row.zip, DISTRICT: row.district, REGION: row.region }),
      };
    case 'town':
      return {
        fieldType,
        wholeAddress: false,
        values: compact({ WHOLE_ADDRESS: `${row.zip} ${place}`, CITY: place, ZIP: row.zip, DISTRICT: row.district, REGION: row.region }),
      };
    case 'district':
      return {
        fieldType,
        wholeAddress: false,
        values: compact({
          WHOLE_ADDRESS: row.district === row.region ? row.district : `okres ${row.district}, ${row.region}`,
          DISTRICT: row.district,
          REGION: row.region,
        }),
      };
    case 'region':
      return { fieldType, wholeAddress: false, values: compact({ WHOLE_ADDRESS: row.region, REGION: row.region }) };
  }
}
