import { normalisePhone, parseBirthNumber, type PartnerContactRequest, type PartnerLeadRequest } from '@lending/contracts';
import type { PartnerActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { personLockIds } from '../persons/lock-person-identifiers.ts';

export type Partner = 'BEZVA_FINANCE' | 'LEADSOR' | 'SEVEN_FINANCE' | 'VOLSOR';

export type Push = ({ kind: 'LEAD' } & PartnerLeadRequest) | ({ kind: 'CONTACT' } & PartnerContactRequest);

type PushedPerson = Push['person'] & { birth_number?: string; identity_card?: string; company_id?: string };

// A push is one transaction of four round trips on the pool (docs/decisions/0043): BEGIN with
// the identifiers' locks, one lookup (the lead of the external id and the applicant), one
// statement writing the person (with its contacts) or what a known person lacked, the lead and
// the audit row, COMMIT. Through Prisma the same push was ten statements in an interactive
// transaction, each compiled, sent unprepared and read back: most of the push's time. The
// statements are prepared once per connection (named).

/** Pushes of one applicant queue on the locks: let them wait rather than fail (20 s, as the interactive transaction's limit was). */
const LOCK_WAIT = '20s';

/**
 * The person a pushed lead belongs to: by birth number, else by e-mail or phone (E.164), among
 * persons without a birth number when the push has one. With a birth number the birth number's
 * person sorts first (only one person can have it), else the oldest one with the e-mail or phone.
 */
const LOOKUP_WITH_BIRTH_NUMBER = `
  SELECT l.id AS lead_id, l.state::text AS lead_state, l.person_id AS lead_person_id, c.id AS person_id
    FROM (SELECT 1) one
    LEFT JOIN leads l ON l.source = $1::"LeadSource" AND l.external_id = $2
    LEFT JOIN LATERAL (SELECT id FROM persons
                        WHERE birth_number = $3 OR (birth_number IS NULL AND (email = $4 OR phone_e164 = $5))
                        ORDER BY birth_number IS NULL, id LIMIT 1) c ON l.id IS NULL`;
const LOOKUP_BY_CONTACT = `
  SELECT l.id AS lead_id, l.state::text AS lead_state, l.person_id AS lead_person_id, c.id AS person_id
    FROM (SELECT 1) one
    LEFT JOIN leads l ON l.source = $1::"LeadSource" AND l.external_id = $2
    LEFT JOIN LATERAL (SELECT id FROM persons WHERE email = $3 OR phone_e164 = $4 ORDER BY id LIMIT 1) c ON l.id IS NULL`;

/** The person's columns, the lead's and the audit row's, by name: each statement takes those it names. */
interface WriteValues {
  partner: Partner;
  externalId: string;
  dealType: string | null;
  value: number | null;
  installment: number | null;
  purpose: string | null;
  payload: string;
  action: string;
  actorType: string;
  actorId: string | null;
  changes: string;
  requestId: string | null;
  ip: string | null;
  /** The time of the push, UTC, as the timestamp columns hold it. */
  at: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  phoneE164: string | null;
  birthNumber: string | null;
  birthDate: string | null;
  identityCard: string | null;
  companyId: string | null;
}

/**
 * The write of a push: the person (a new one with its e-mail and phone as primary contacts, or
 * a known one gaining the details it lacked, nothing overwritten), then the lead and its audit
 * row. The text depends only on which person, so each is prepared once per connection.
 */
function writeStatement(v: WriteValues, knownPersonId: number | null): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [];
  const slots = new Map<keyof WriteValues, string>();
  const $ = (key: keyof WriteValues) => {
    let slot = slots.get(key);
    if (!slot) {
      slot = `$${values.push(v[key])}`;
      slots.set(key, slot);
    }
    return slot;
  };
  const at = `${$('at')}::timestamp`;
  let person: string;
  if (knownPersonId === null) {
    person = `person AS (INSERT INTO persons (identification_type, first_name, last_name, email, phone, phone_e164, birth_number, birth_date, identity_card, company_id, created_at, updated_at)
                         VALUES ('BIRTH_NUMBER', ${$('firstName')}, ${$('lastName')}, ${$('email')}, ${$('phone')}, ${$('phoneE164')}, ${$('birthNumber')}, ${$('birthDate')}::date,
                                 ${$('identityCard')}, ${$('companyId')}, ${at}, ${at}) RETURNING id),
              contacts AS (INSERT INTO person_contacts (person_id, type, value, is_primary, created_at, updated_at)
                           SELECT person.id, c.type::"ContactType", c.value, true, ${at}, ${at}
                             FROM person, (VALUES ('EMAIL', ${$('email')}::text), ('PHONE', ${$('phoneE164')}::text)) c(type, value) WHERE c.value IS NOT NULL)`;
  } else {
    const id = `$${values.push(knownPersonId)}`;
    person = `person AS (UPDATE persons SET email = coalesce(email, ${$('email')}), phone = coalesce(phone, ${$('phone')}), phone_e164 = coalesce(phone_e164, ${$('phoneE164')}),
                                            birth_number = coalesce(birth_number, ${$('birthNumber')}), identity_card = coalesce(identity_card, ${$('identityCard')}),
                                            company_id = coalesce(company_id, ${$('companyId')}), updated_at = ${at}
                          WHERE id = ${id} RETURNING id)`;
  }
  const text = `WITH ${person},
    lead AS (INSERT INTO leads (source, external_id, state, person_id, deal_type, value, installment_value, purpose, partner_payload, created_at, updated_at)
             SELECT ${$('partner')}::"LeadSource", ${$('externalId')}, 'NEW', person.id, ${$('dealType')}::"DealType", ${$('value')}::numeric, ${$('installment')}::numeric,
                    ${$('purpose')}, ${$('payload')}::jsonb, ${at}, ${at} FROM person
             RETURNING id, person_id),
    audit AS (INSERT INTO audit_log (actor_type, actor_id, action, entity, entity_id, changes, request_id, ip, created_at)
              SELECT ${$('actorType')}, ${$('actorId')}, ${$('action')}, 'Lead', lead.id::text, ${$('changes')}::jsonb, ${$('requestId')}, ${$('ip')}, ${at} FROM lead)
    SELECT id, person_id FROM lead`;
  return { name: knownPersonId === null ? 'push-write-new-person' : 'push-write-known-person', text, values };
}

const LEAD_BY_EXTERNAL_ID = `SELECT id AS lead_id, state::text AS lead_state, person_id AS lead_person_id FROM leads WHERE source = $1::"LeadSource" AND external_id = $2`;

interface Found {
  lead_id: number | null;
  lead_state: string | null;
  lead_person_id: number | null;
}

const view = (partner: Partner, externalId: string, lead: { id: number; state: string; personId: number | null }, created: boolean) => ({
  id: lead.id,
  external_id: externalId,
  source: partner,
  state: lead.state,
  person_id: lead.personId,
  created,
});

/** The unique (source, external_id) of leads: a concurrent push of the same external id won. */
const isExternalIdTaken = (error: unknown) => (error as { code?: unknown; constraint?: unknown })?.code === '23505' && (error as { constraint?: unknown }).constraint === 'leads_source_external_id_key';

/**
 * A lead pushed by a partner. Idempotent on (partner, external_id): a repeated push — also a
 * concurrent one — answers the lead the first push made, never a duplicate. Concurrent pushes
 * of one applicant under different external ids make one person: the person's identifiers are
 * locked (the same advisory locks as every other writer of persons takes) while it is looked
 * up and created. Known persons get the contact details they lacked, nothing overwritten.
 */
export async function pushPartnerLead(deps: Pick<Deps, 'pool' | 'now'>, actor: PartnerActor, input: { partner: Partner; push: Push }) {
  const { partner, push } = input;
  const person: PushedPerson = push.person;
  const phoneE164 = person.phone ? normalisePhone(person.phone) : null;
  const birthNumber = person.birth_number ?? null;
  const locks = personLockIds({ birthNumber, email: person.email, phoneE164 });
  const who = auditActorOf(actor);
  const write: WriteValues = {
    partner,
    externalId: push.external_id,
    dealType: push.kind === 'LEAD' ? push.loan.type : null,
    value: push.kind === 'LEAD' ? push.loan.value : null,
    installment: push.kind === 'LEAD' ? push.loan.installment_value : null,
    purpose: push.kind === 'LEAD' ? push.loan.purpose || null : null,
    payload: JSON.stringify({ kind: push.kind, consent: push.consent, note: push.note ?? null }),
    action: `lead.push.${push.kind.toLowerCase()}`,
    actorType: who.actorType,
    actorId: who.actorId,
    changes: JSON.stringify({ partner, external_id: push.external_id }),
    requestId: who.requestId,
    ip: who.ip,
    at: deps.now().toISOString().replace('T', ' ').replace('Z', ''),
    firstName: person.first_name,
    lastName: person.last_name,
    email: person.email ?? null,
    phone: person.phone ?? null,
    phoneE164,
    birthNumber,
    birthDate: birthNumber ? (parseBirthNumber(birthNumber)?.birthDate.toISOString().slice(0, 10) ?? null) : null,
    identityCard: person.identity_card ?? null,
    companyId: person.company_id ?? null,
  };

  const client = await deps.pool.connect();
  let released = false;
  try {
    // The lock ids are numbers made here: one simple query begins, bounds the wait and locks.
    await client.query(
      `BEGIN; SET LOCAL lock_timeout = '${LOCK_WAIT}';${locks.length ? ` SELECT pg_advisory_xact_lock(id) FROM (SELECT unnest('{${locks.join(',')}}'::bigint[]) AS id ORDER BY 1) ordered;` : ''}`,
    );
    // A repeated push (a partner's retry), also one that finished while this one waited for
    // the locks, answers the lead that exists.
    const found = await client.query<Found & { person_id: number | null }>(
      birthNumber
        ? { name: 'push-lookup-birth-number', text: LOOKUP_WITH_BIRTH_NUMBER, values: [partner, push.external_id, birthNumber, person.email ?? null, phoneE164] }
        : { name: 'push-lookup-contact', text: LOOKUP_BY_CONTACT, values: [partner, push.external_id, person.email ?? null, phoneE164] },
    );
    const row = found.rows[0]!;
    let result: ReturnType<typeof view>;
    if (row.lead_id !== null) {
      result = view(partner, push.external_id, { id: row.lead_id, state: row.lead_state!, personId: row.lead_person_id }, false);
    } else {
      const written = await client.query<{ id: number; person_id: number }>(writeStatement(write, row.person_id));
      result = view(partner, push.external_id, { id: written.rows[0]!.id, state: 'NEW', personId: written.rows[0]!.person_id }, true);
    }
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped; a healthy one goes back to the pool.
    const healthy = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    client.release(healthy ? undefined : (error as Error));
    released = true;
    // A concurrent push of the same external id without identifiers to lock won the race:
    // answer its lead. Any other unique conflict is not ours to hide.
    if (isExternalIdTaken(error)) {
      const winner = (await deps.pool.query<Found>({ name: 'push-lead-by-external-id', text: LEAD_BY_EXTERNAL_ID, values: [partner, push.external_id] })).rows[0];
      if (winner) return view(partner, push.external_id, { id: winner.lead_id!, state: winner.lead_state!, personId: winner.lead_person_id }, false);
    }
    throw error;
  } finally {
    if (!released) client.release();
  }
}
