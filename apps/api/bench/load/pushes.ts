// Partner pushes for the load benchmark (POST /api/v1/leads/leadsor/, docs/decisions/0007):
// every request a new lead (unique external id) of a new applicant (a valid birth number, e-mail
// and phone no person has yet), and the check afterwards that every acknowledged push is stored
// once with the applicant that was sent.
import { faker } from '@faker-js/faker/locale/cs_CZ';
import { makeBirthNumber, normalisePhone } from '@lending/contracts';
import type pg from 'pg';

export const PUSH_PATH = '/api/v1/leads/leadsor/';
const EXTERNAL_PREFIX = 'LS-LOAD-';
const DAY = 86_400_000;

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
// Czech mobile prefixes (libphonenumber's CZ mobile ranges).
const MOBILE = [601, 602, 603, 604, 605, 606, 607, 608, 702, 703, 704, 705, 720, 721, 722, 723, 724, 725, 726, 727, 728, 729, 730, 731, 732, 733, 734, 735, 736, 737, 738, 739, 770, 771, 772, 773, 774, 775, 776, 777, 778, 779, 790, 791, 792, 793, 794, 795, 796, 797, 798, 799];
const CONSUMER_PURPOSES = ['', '', 'Rekonstrukce bytu', 'Konsolidace půjček', 'Nákup auta'];
const BUSINESS_PURPOSES = ['Nákup nemovitosti', 'Provozní kapitál', 'Rekonstrukce provozovny', 'Refinancování úvěrů'];

export interface PushOutcome {
  status: number;
  body: string;
}

export interface PushVerification {
  sent: number;
  answered: Record<string, number>;
  /** 201 answers whose lead is not stored, or stored with another external id or applicant. */
  lost: number;
  /** External ids stored or created (201) more than once, and stored leads no push sent. */
  duplicated: number;
  /** Pushes stored without a 201 seen: in flight when the run stopped, or cut off by a timeout. */
  storedWithoutCreated: number;
  /** Persons shared by several of these leads although every push sent a new applicant. */
  sharedPersons: number;
  problems: string[];
}

/** Makes push bodies: applicants none of whose birth number, e-mail or phone is known yet. */
export async function pushFactory(pool: pg.Pool) {
  const known = await pool.query<{ birth_number: string | null; phone_e164: string | null }>('SELECT birth_number, phone_e164 FROM persons');
  const usedBirthNumbers = new Set(known.rows.map((r) => r.birth_number).filter((v): v is string => v !== null));
  const usedPhones = new Set(known.rows.map((r) => r.phone_e164).filter((v): v is string => v !== null));
  faker.seed(7);
  // Names and addresses drawn once: faker per request would load the harness's CPU, not the API's.
  const names = Array.from({ length: 2_000 }, () => {
    const sex = faker.helpers.arrayElement(['M', 'F'] as const);
    return { sex, first: faker.person.firstName(sex === 'M' ? 'male' : 'female'), last: faker.person.lastName(sex === 'M' ? 'male' : 'female') };
  });
  const addresses = Array.from({ length: 500 }, () => `${faker.location.street()} ${faker.location.buildingNumber()}, ${faker.location.zipCode()} ${faker.location.city()}`);
  const sent = new Map<string, string>(); // external id → birth number
  const from = Date.UTC(1960, 0, 1);
  const span = Date.UTC(2004, 11, 31) - from;
  let seq = 0;

  const birthNumber = (sex: 'M' | 'F') => {
    for (;;) {
      const born = new Date(from + Math.floor(Math.random() * (span / DAY)) * DAY);
      const value = makeBirthNumber(born, sex, Math.floor(Math.random() * 1000));
      if (!usedBirthNumbers.has(value)) {
        usedBirthNumbers.add(value);
        return value;
      }
    }
  };
  const phone = () => {
    for (;;) {
      const prefix = MOBILE[Math.floor(Math.random() * MOBILE.length)]!;
      const rest = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
      const typed = `+420 ${prefix} ${rest.slice(0, 3)} ${rest.slice(3)}`;
      const e164 = normalisePhone(typed);
      if (e164 && !usedPhones.has(e164)) {
        usedPhones.add(e164);
        return typed;
      }
    }
  };

  return {
    sent,
    /** The JSON body of the next push. */
    next(): string {
      const n = ++seq;
      const name = names[n % names.length]!;
      const externalId = `${EXTERNAL_PREFIX}${String(n).padStart(7, '0')}`;
      const number = birthNumber(name.sex);
      sent.set(externalId, number);
      const business = n % 10 < 3;
      const value = business ? 200_000 + (n % 97) * 50_000 : 50_000 + (n % 59) * 10_000;
      const installment = business ? Math.max(1_000, Math.round(value / 60)) : Math.max(1_000, Math.min(50_000, Math.round(value / 48)));
      return JSON.stringify({
        external_id: externalId,
        person: {
          first_name: name.first,
          last_name: name.last,
          email: `${ascii(name.first)}.${ascii(name.last)}.${n}@${n % 3 ? 'seznam.cz' : 'email.cz'}`,
          phone: phone(),
          birth_number: n % 2 ? `${number.slice(0, 6)}/${number.slice(6)}` : number,
          identity_card: String(100_000_000 + ((n * 7_919) % 900_000_000)),
          permanent_address: { whole_address: addresses[n % addresses.length] },
        },
        loan: {
          type: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
          // Partners send amounts as numbers or as typed text ("350 000").
          value: n % 2 ? value : String(value).replace(/\B(?=(\d{3})+$)/g, ' '),
          installment_value: installment,
          purpose: business ? BUSINESS_PURPOSES[n % BUSINESS_PURPOSES.length] : CONSUMER_PURPOSES[n % CONSUMER_PURPOSES.length],
        },
        consent: { given: true, at: new Date().toISOString(), text: 'Souhlasím se zpracováním osobních údajů za účelem posouzení žádosti o úvěr.' },
        ...(n % 4 === 0 ? { note: 'Klient preferuje kontakt odpoledne.' } : {}),
      });
    },
  };
}

/** Compares what was pushed and answered with what the database holds. */
export async function verifyPushes(pool: pg.Pool, sent: Map<string, string>, outcomes: PushOutcome[]): Promise<PushVerification> {
  const stored = await pool.query<{ id: number; external_id: string; person_id: number | null; birth_number: string | null }>(
    `SELECT l.id, l.external_id, l.person_id, p.birth_number FROM leads l LEFT JOIN persons p ON p.id = l.person_id
     WHERE l.source = 'LEADSOR' AND l.external_id LIKE $1`,
    [`${EXTERNAL_PREFIX}%`],
  );
  const byId = new Map(stored.rows.map((r) => [r.id, r]));
  const perExternalId = new Map<string, number>();
  for (const r of stored.rows) perExternalId.set(r.external_id, (perExternalId.get(r.external_id) ?? 0) + 1);
  const perPerson = new Map<number, number>();
  for (const r of stored.rows) if (r.person_id !== null) perPerson.set(r.person_id, (perPerson.get(r.person_id) ?? 0) + 1);

  const problems: string[] = [];
  const answered: Record<string, number> = {};
  const created = new Set<string>();
  let lost = 0;
  let duplicatedAnswers = 0;
  for (const outcome of outcomes) {
    answered[outcome.status] = (answered[outcome.status] ?? 0) + 1;
    if (outcome.status !== 201) {
      if (problems.length < 5) problems.push(`answer ${outcome.status}: ${outcome.body.slice(0, 300)}`);
      continue;
    }
    let body: { id?: number; external_id?: string; created?: boolean };
    try {
      body = JSON.parse(outcome.body) as typeof body;
    } catch {
      body = {};
    }
    const lead = body.id === undefined ? undefined : byId.get(body.id);
    const externalId = body.external_id ?? '';
    if (created.has(externalId)) {
      duplicatedAnswers++;
      if (problems.length < 5) problems.push(`two 201 answers for ${externalId}`);
    }
    created.add(externalId);
    if (!lead || lead.external_id !== externalId || !sent.has(externalId) || lead.birth_number !== sent.get(externalId)) {
      lost++;
      if (problems.length < 5) problems.push(`201 for ${externalId || '?'} (lead ${body.id ?? '?'}) but ${lead ? `stored as ${lead.external_id} of birth number ${lead.birth_number ?? 'none'}` : 'no such lead'}`);
    }
  }
  let duplicated = duplicatedAnswers;
  for (const count of perExternalId.values()) duplicated += count - 1;
  const unknown = stored.rows.filter((r) => !sent.has(r.external_id)).length;
  duplicated += unknown;
  if (unknown && problems.length < 5) problems.push(`${unknown} stored leads with external ids never pushed`);
  let sharedPersons = 0;
  for (const count of perPerson.values()) if (count > 1) sharedPersons += count;
  const storedWithoutCreated = [...perExternalId.keys()].filter((id) => sent.has(id) && !created.has(id)).length;
  return { sent: sent.size, answered, lost, duplicated, storedWithoutCreated, sharedPersons, problems };
}
