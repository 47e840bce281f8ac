// Realistic Czech persons in bulk, shared by the benchmarks (bench:persons, bench:load): valid
// birth numbers and IČO, phones, e-mails, ~30 % in deals, ~1 % blacklisted. Deterministic
// (faker seed 42, setseed 0.42, given a pool of one connection since the seed is per session):
// the same count gives the same persons on every run.
import { faker } from '@faker-js/faker/locale/cs_CZ';
import { makeBirthNumber, makeCompanyId } from '@lending/contracts';
import type pg from 'pg';

const BATCH = 2_000;

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export interface GeneratedPersons {
  /** Every surname given to a natural person. */
  surnames: string[];
  /** A sample of the birth numbers (every 100th natural person). */
  birthNumbers: string[];
}

const COLUMNS = [
  'identification_type',
  'first_name',
  'last_name',
  'company_name',
  'birth_number',
  'birth_date',
  'company_id',
  'identity_card',
  'email',
  'phone',
  'phone_e164',
  'citizenship',
  'is_internal',
  'has_execution',
  'has_insolvency',
  'created_at',
  'updated_at',
] as const;
const CASTS = ['"IdentificationType"', 'text', 'text', 'text', 'text', 'date', 'text', 'text', 'text', 'text', 'text', 'text', 'boolean', 'boolean', 'boolean', 'timestamp', 'timestamp'];

/**
 * Inserts `count` persons (92 % natural, a fifth of them self-employed with an IČO; 8 %
 * companies), their deals (~30 % of persons take part, some with a co-debtor or pledger) and
 * blacklist entries (~1 %). Vacuuming is the caller's, after whatever else it loads.
 */
export async function generatePersons(pool: pg.Pool | pg.ClientBase, count: number, options: { deals?: boolean } = {}): Promise<GeneratedPersons> {
  faker.seed(42);
  const surnames = new Set<string>();
  const birthNumbers: string[] = [];
  const usedBirthNumbers = new Set<string>();
  const now = Date.UTC(2026, 10, 1);
  let companyBase = 1_000_000;
  for (let start = 0; start < count; start += BATCH) {
    const columns: unknown[][] = COLUMNS.map(() => []);
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const createdAt = new Date(now - faker.number.int({ min: 0, max: 5 * 365 * 86_400_000 }));
      const phone = `+420${faker.number.int({ min: 601_000_000, max: 799_999_999 })}`;
      let row: unknown[];
      if (i % 12 === 5) {
        const name = `${faker.company.name()}`;
        row = ['ICO', null, null, name, null, null, makeCompanyId(companyBase++), null, `info@${ascii(name).toLowerCase().replace(/[^a-z0-9]+/g, '')}.cz`, phone, phone, 'CZ', false];
      } else {
        const sex = faker.helpers.arrayElement(['M', 'F'] as const);
        const firstName = faker.person.firstName(sex === 'M' ? 'male' : 'female');
        const lastName = faker.person.lastName(sex === 'M' ? 'male' : 'female');
        surnames.add(lastName);
        const born = faker.date.between({ from: new Date(Date.UTC(1955, 0, 1)), to: new Date(Date.UTC(2005, 11, 31)) });
        const day = new Date(Date.UTC(born.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate()));
        let birthNumber = makeBirthNumber(day, sex, faker.number.int({ min: 0, max: 999 }));
        for (let serial = 0; usedBirthNumbers.has(birthNumber); serial++) birthNumber = makeBirthNumber(day, sex, serial);
        usedBirthNumbers.add(birthNumber);
        if (i % 100 === 0) birthNumbers.push(birthNumber);
        row = [
          'BIRTH_NUMBER',
          firstName,
          lastName,
          null,
          birthNumber,
          day.toISOString().slice(0, 10),
          i % 5 === 2 ? makeCompanyId(companyBase++) : null,
          String(faker.number.int({ min: 100_000_000, max: 999_999_999 })),
          `${ascii(firstName).toLowerCase()}.${ascii(lastName).toLowerCase()}${faker.number.int({ min: 1, max: 999 })}@${faker.helpers.arrayElement(['seznam.cz', 'email.cz', 'gmail.com', 'centrum.cz'])}`,
          `${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`,
          phone,
          i % 23 === 11 ? 'SK' : 'CZ',
          i % 400 === 13,
        ];
      }
      row.push(i % 13 === 3, i % 31 === 7, createdAt.toISOString(), createdAt.toISOString());
      row.forEach((value, c) => columns[c]!.push(value));
    }
    // One INSERT per batch: a parallel array per column, unnested (the trigger fills search_text).
    await pool.query(
      `INSERT INTO persons (${COLUMNS.join(', ')}) SELECT * FROM unnest(${CASTS.map((cast, c) => `$${c + 1}::${cast}[]`).join(', ')})`,
      columns,
    );
  }
  // ~30 % of the persons take part in deals (a few in several, some deals with a co-debtor or
  // pledger), unless the caller makes its own (bench:deals); ~1 % are on the blacklist.
  await pool.query(`SELECT setseed(0.42)`);
  if (options.deals !== false) await insertDeals(pool, count);
  await pool.query(`
    INSERT INTO blacklist_entries (person_id, reason, updated_at)
    SELECT id, 'Podezření na podvod – nesouhlasí doklady totožnosti.', now() FROM persons WHERE random() < 0.01`);
  return { surnames: [...surnames], birthNumbers };
}

async function insertDeals(pool: pg.Pool | pg.ClientBase, count: number): Promise<void> {
  await pool.query(`
    INSERT INTO deals (type, state, value, created_at, updated_at)
    SELECT (ARRAY['CONSUMER_LOAN','INVESTMENT_LOAN','LEASE']::"DealType"[])[1 + floor(random() * 3)::int],
           (ARRAY['NEW_APPLICATION','ACTIVE','ACTIVE','CLOSED']::"DealState"[])[1 + floor(random() * 4)::int],
           round((50000 + random() * 2000000)::numeric, -3), now(), now()
    FROM generate_series(1, ${Math.round(count * 0.3)})`);
  await pool.query(`
    INSERT INTO deal_participants (deal_id, person_id, role, updated_at)
    SELECT d.id, p.id, 'BORROWER', now()
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM deals) d
    JOIN (SELECT id, row_number() OVER (ORDER BY random()) AS n FROM persons) p ON p.n = d.n`);
  await pool.query(`
    INSERT INTO deal_participants (deal_id, person_id, role, updated_at)
    SELECT d.id, (SELECT min(id) FROM persons) + floor(random() * ${count})::int,
           (ARRAY['ACCESSORY_DEBTOR','PLEDGER','MORTGAGOR']::"PersonRole"[])[1 + floor(random() * 3)::int], now()
    FROM deals d WHERE random() < 0.15
    ON CONFLICT DO NOTHING`);
}
