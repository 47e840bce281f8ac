// Partner pushes for the load benchmark (POST /api/v1/leads/leadsor/, docs/decisions/0007):
// every request a new lead (unique external id) of a new applicant (a valid birth number, e-mail
// and phone no person has yet), and the strict check afterwards: every acknowledged push stored
// once, exactly as sent, with its applicant, contacts and audit row, and nothing else stored.
import { faker } from '@faker-js/faker/locale/cs_CZ';
import { makeBirthNumber, normalisePhone, parseBirthNumber } from '@lending/contracts';
import type pg from 'pg';

export const PUSH_PATH = '/api/v1/leads/leadsor/';
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

/** What one push sent, as the product must store it. */
export interface SentPush {
  birthNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneE164: string;
  identityCard: string;
  dealType: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN';
  value: number;
  installment: number;
  purpose: string | null;
  consentAt: string;
  note: string | null;
}

export interface PushVerification {
  sent: number;
  answered: Record<string, number>;
  /** 201 answers whose lead is not stored, or not as the answer said. */
  lost: number;
  /** External ids stored or created (201) more than once, stored leads no push sent, persons made twice. */
  duplicated: number;
  /** Stored leads (or their applicant, contacts, audit row) not as the push sent them. */
  wrong: number;
  /** Persons with a birth number of this run but no lead of it: half a push. */
  orphans: number;
  /** Pushes stored without a 201 seen: in flight when the warm-up or the run stopped. */
  storedWithoutCreated: number;
  /** At most this many can be in flight when a run stops: connections × stops. */
  inFlightBound: number;
  problems: string[];
  /** Nothing lost, duplicated, wrong or half-written, every answer a 201, and no more stored unseen than could be in flight. */
  ok: boolean;
}

/**
 * Makes push bodies with external ids `<prefix><n>`: applicants none of whose birth number,
 * e-mail or phone is known yet (also none of an earlier factory's pushes, once stored).
 */
export async function pushFactory(pool: pg.Pool, prefix: string) {
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
  const sent = new Map<string, SentPush>();
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
      const mobile = MOBILE[Math.floor(Math.random() * MOBILE.length)]!;
      const rest = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
      const typed = `+420 ${mobile} ${rest.slice(0, 3)} ${rest.slice(3)}`;
      const e164 = normalisePhone(typed);
      if (e164 && !usedPhones.has(e164)) {
        usedPhones.add(e164);
        return { typed, e164 };
      }
    }
  };

  return {
    sent,
    /** The JSON body of the next push. */
    next(): string {
      const n = ++seq;
      const name = names[n % names.length]!;
      const externalId = `${prefix}${String(n).padStart(7, '0')}`;
      const number = birthNumber(name.sex);
      const business = n % 10 < 3;
      const value = business ? 200_000 + (n % 97) * 50_000 : 50_000 + (n % 59) * 10_000;
      const installment = business ? Math.max(1_000, Math.round(value / 60)) : Math.max(1_000, Math.min(50_000, Math.round(value / 48)));
      const email = `${ascii(name.first)}.${ascii(name.last)}.${prefix.toLowerCase().replace(/[^a-z]/g, '')}${n}@${n % 3 ? 'seznam.cz' : 'email.cz'}`;
      const tel = phone();
      const identityCard = String(100_000_000 + ((n * 7_919) % 900_000_000));
      const purpose = business ? BUSINESS_PURPOSES[n % BUSINESS_PURPOSES.length]! : CONSUMER_PURPOSES[n % CONSUMER_PURPOSES.length]!;
      const consentAt = new Date().toISOString();
      const note = n % 4 === 0 ? 'Klient preferuje kontakt odpoledne.' : null;
      sent.set(externalId, {
        birthNumber: number,
        firstName: name.first,
        lastName: name.last,
        email,
        phone: tel.typed,
        phoneE164: tel.e164,
        identityCard,
        dealType: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
        value,
        installment,
        purpose: purpose || null,
        consentAt,
        note,
      });
      return JSON.stringify({
        external_id: externalId,
        person: {
          first_name: name.first,
          last_name: name.last,
          email,
          phone: tel.typed,
          birth_number: n % 2 ? `${number.slice(0, 6)}/${number.slice(6)}` : number,
          identity_card: identityCard,
          permanent_address: { whole_address: addresses[n % addresses.length] },
        },
        loan: {
          type: business ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN',
          // Partners send amounts as numbers or as typed text ("350 000").
          value: n % 2 ? value : String(value).replace(/\B(?=(\d{3})+$)/g, ' '),
          installment_value: installment,
          purpose,
        },
        consent: { given: true, at: consentAt, text: 'Souhlasím se zpracováním osobních údajů za účelem posouzení žádosti o úvěr.' },
        ...(note ? { note } : {}),
      });
    },
  };
}

interface StoredLead {
  id: number;
  external_id: string;
  state: string;
  deal_type: string | null;
  value: string | null;
  installment_value: string | null;
  purpose: string | null;
  partner_payload: { kind?: string; consent?: { given?: boolean; at?: string; text?: string }; note?: string | null } | null;
  person_id: number | null;
  birth_number: string | null;
  birth_date: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
  identity_card: string | null;
  contacts: string[] | null;
  audits: { actor_type: string; actor_id: string | null; changes: unknown }[] | null;
}

/** What differs between a stored lead (with its person, contacts and audit rows) and its push; empty when nothing. */
function differences(lead: StoredLead, push: SentPush, keyPrefix: string): string[] {
  const wrong: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${what} ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
  };
  expect('state', lead.state, 'NEW');
  expect('deal_type', lead.deal_type, push.dealType);
  expect('value', lead.value, push.value.toFixed(2));
  expect('installment_value', lead.installment_value, push.installment.toFixed(2));
  expect('purpose', lead.purpose, push.purpose);
  expect('partner_payload', lead.partner_payload, {
    kind: 'LEAD',
    note: push.note,
    consent: { at: push.consentAt, text: 'Souhlasím se zpracováním osobních údajů za účelem posouzení žádosti o úvěr.', given: true },
  });
  expect('birth_number', lead.birth_number, push.birthNumber);
  expect('birth_date', lead.birth_date, parseBirthNumber(push.birthNumber)?.birthDate.toISOString().slice(0, 10) ?? null);
  expect('name', [lead.first_name, lead.last_name], [push.firstName, push.lastName]);
  expect('email', lead.email, push.email);
  expect('phone', [lead.phone, lead.phone_e164], [push.phone, push.phoneE164]);
  expect('identity_card', lead.identity_card, push.identityCard);
  expect('contacts', lead.contacts, [`EMAIL:${push.email}`, `PHONE:${push.phoneE164}`]);
  expect('audit', lead.audits, [{ actor_type: 'API_KEY', actor_id: keyPrefix, changes: { partner: 'LEADSOR', external_id: lead.external_id } }]);
  return wrong;
}

/**
 * Compares what was pushed (external ids `<prefix>…`) and answered with what the database
 * holds: each lead with its applicant (birth number, names, e-mail, phone, identity card),
 * the applicant's two contacts and the push's one audit row under the partner key's prefix.
 */
export async function verifyPushes(
  pool: pg.Pool,
  run: { prefix: string; keyPrefix: string; sent: Map<string, SentPush>; outcomes: PushOutcome[]; inFlightBound: number },
): Promise<PushVerification> {
  const { rows: stored } = await pool.query<StoredLead>(
    `SELECT l.id, l.external_id, l.state::text, l.deal_type::text, l.value::text, l.installment_value::text, l.purpose, l.partner_payload, l.person_id,
            p.birth_number, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.first_name, p.last_name, p.email, p.phone, p.phone_e164, p.identity_card,
            (SELECT array_agg(c.type || ':' || c.value ORDER BY c.type, c.value) FROM person_contacts c WHERE c.person_id = l.person_id) AS contacts,
            (SELECT json_agg(json_build_object('actor_type', a.actor_type, 'actor_id', a.actor_id, 'changes', a.changes))
               FROM audit_log a WHERE a.entity = 'Lead' AND a.entity_id = l.id::text AND a.action = 'lead.push.lead') AS audits
       FROM leads l LEFT JOIN persons p ON p.id = l.person_id
      WHERE l.source = 'LEADSOR' AND l.external_id LIKE $1`,
    [`${run.prefix}%`],
  );
  const birthNumbers = [...run.sent.values()].map((s) => s.birthNumber);
  const { rows: persons } = await pool.query<{ id: number; birth_number: string; leads: number }>(
    `SELECT p.id, p.birth_number, (SELECT count(*)::int FROM leads l WHERE l.person_id = p.id) AS leads FROM persons p WHERE p.birth_number = ANY($1::text[])`,
    [birthNumbers],
  );
  const { rows: twins } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM persons WHERE email = ANY($1::text[]) OR phone_e164 = ANY($2::text[])`,
    [[...run.sent.values()].map((s) => s.email), [...run.sent.values()].map((s) => s.phoneE164)],
  );

  const problems: string[] = [];
  const note = (problem: string) => {
    if (problems.length < 8) problems.push(problem);
  };
  const byId = new Map(stored.map((r) => [r.id, r]));
  const perExternalId = new Map<string, number>();
  for (const r of stored) perExternalId.set(r.external_id, (perExternalId.get(r.external_id) ?? 0) + 1);

  const answered: Record<string, number> = {};
  const created = new Set<string>();
  let lost = 0;
  let duplicated = 0;
  let wrong = 0;
  let notCreated = 0;
  for (const outcome of run.outcomes) {
    answered[outcome.status] = (answered[outcome.status] ?? 0) + 1;
    if (outcome.status !== 201) {
      notCreated++;
      note(`answer ${outcome.status}: ${outcome.body.slice(0, 300)}`);
      continue;
    }
    let body: { id?: number; external_id?: string; source?: string; state?: string; person_id?: number | null; created?: boolean };
    try {
      body = JSON.parse(outcome.body) as typeof body;
    } catch {
      body = {};
    }
    const externalId = body.external_id ?? '';
    if (created.has(externalId)) {
      duplicated++;
      note(`two 201 answers for ${externalId}`);
    }
    created.add(externalId);
    const lead = body.id === undefined ? undefined : byId.get(body.id);
    if (!lead || lead.external_id !== externalId || !run.sent.has(externalId) || body.person_id !== lead.person_id || body.source !== 'LEADSOR' || body.state !== 'NEW' || body.created !== true) {
      lost++;
      note(`201 ${outcome.body.slice(0, 200)} but ${lead ? `stored as ${lead.external_id} of person ${lead.person_id}` : 'no such lead'}`);
    }
  }
  for (const count of perExternalId.values()) duplicated += count - 1;
  for (const lead of stored) {
    const push = run.sent.get(lead.external_id);
    if (!push) {
      duplicated++;
      note(`stored lead ${lead.id} with external id ${lead.external_id}, never pushed`);
      continue;
    }
    const diff = differences(lead, push, run.keyPrefix);
    if (diff.length) {
      wrong++;
      note(`lead ${lead.id} (${lead.external_id}): ${diff.join('; ')}`);
    }
  }
  // Every sent applicant was new: one person each, with one lead, and nobody else with their e-mail or phone.
  const orphans = persons.filter((p) => p.leads === 0).length;
  if (orphans) note(`${orphans} persons with a pushed birth number but no lead, e.g. person ${persons.find((p) => p.leads === 0)!.id}`);
  const extraPersons = twins[0]!.n - persons.length;
  if (extraPersons > 0) {
    duplicated += extraPersons;
    note(`${extraPersons} more persons with a pushed e-mail or phone than pushed applicants stored`);
  }
  for (const p of persons) {
    if (p.leads > 1) {
      duplicated += p.leads - 1;
      note(`person ${p.id} has ${p.leads} leads though every push was a new applicant`);
    }
  }
  const storedWithoutCreated = [...perExternalId.keys()].filter((id) => run.sent.has(id) && !created.has(id)).length;
  if (storedWithoutCreated > run.inFlightBound) note(`${storedWithoutCreated} stored without a 201 seen: more than the ${run.inFlightBound} that can be in flight`);
  return {
    sent: run.sent.size,
    answered,
    lost,
    duplicated,
    wrong,
    orphans,
    storedWithoutCreated,
    inFlightBound: run.inFlightBound,
    problems,
    ok: lost === 0 && duplicated === 0 && wrong === 0 && orphans === 0 && notCreated === 0 && storedWithoutCreated <= run.inFlightBound,
  };
}
