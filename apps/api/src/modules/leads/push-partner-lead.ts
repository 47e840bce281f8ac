import { normalisePhone, parseBirthNumber, type PartnerContactRequest, type PartnerLeadRequest } from '@lending/contracts';
import type { PartnerActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockPersonIdentifiers } from '../persons/lock-person-identifiers.ts';

export type Partner = 'BEZVA_FINANCE' | 'LEADSOR' | 'SEVEN_FINANCE' | 'VOLSOR';

export type Push = ({ kind: 'LEAD' } & PartnerLeadRequest) | ({ kind: 'CONTACT' } & PartnerContactRequest);

type PushedPerson = Push['person'] & { birth_number?: string; identity_card?: string; company_id?: string };

/**
 * The person a pushed lead belongs to: by birth number, else by e-mail or phone (E.164) among
 * persons without a birth number when the push has one, else a new one. Known persons get the contact details they lacked, nothing overwritten.
 * The caller holds the locks of these identifiers (lockPersonIdentifiers).
 */
async function findOrCreatePerson(tx: Prisma.TransactionClient, person: PushedPerson, phoneE164: string | null) {
  // One lookup: the birth number's person sorts first (only one person can have it), else the
  // oldest one with the e-mail or the phone; with a birth number, only one that has none.
  const byContact = person.email || phoneE164 ? [{ ...(person.birth_number ? { birthNumber: null } : {}), OR: [...(person.email ? [{ email: person.email }] : []), ...(phoneE164 ? [{ phoneE164 }] : [])] }] : [];
  const candidates = [...(person.birth_number ? [{ birthNumber: person.birth_number }] : []), ...byContact];
  const existing = candidates.length
    ? await tx.person.findFirst({
        where: { OR: candidates },
        orderBy: person.birth_number ? [{ birthNumber: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }] : [{ id: 'asc' }],
      })
    : null;
  if (existing) {
    await tx.person.update({
      where: { id: existing.id },
      data: {
        email: existing.email ?? person.email,
        phone: existing.phone ?? person.phone,
        phoneE164: existing.phoneE164 ?? phoneE164,
        birthNumber: existing.birthNumber ?? person.birth_number,
        identityCard: existing.identityCard ?? person.identity_card,
        companyId: existing.companyId ?? person.company_id,
      },
    });
    return existing.id;
  }
  const { id } = await tx.person.create({
    data: {
      identificationType: 'BIRTH_NUMBER',
      firstName: person.first_name,
      lastName: person.last_name,
      email: person.email,
      phone: person.phone,
      phoneE164,
      birthNumber: person.birth_number,
      birthDate: person.birth_number ? (parseBirthNumber(person.birth_number)?.birthDate ?? null) : null,
      identityCard: person.identity_card,
      companyId: person.company_id,
    },
    select: { id: true },
  });
  // Contacts apart from the person: a nested create costs Prisma a third statement (a re-read).
  const contacts = [
    ...(person.email ? [{ personId: id, type: 'EMAIL' as const, value: person.email, isPrimary: true }] : []),
    ...(phoneE164 ? [{ personId: id, type: 'PHONE' as const, value: phoneE164, isPrimary: true }] : []),
  ];
  if (contacts.length) await tx.personContact.createMany({ data: contacts });
  return id;
}

const view = (lead: { id: number; externalId: string | null; source: string; state: string; personId: number | null }, created: boolean) => ({
  id: lead.id,
  external_id: lead.externalId ?? '',
  source: lead.source,
  state: lead.state,
  person_id: lead.personId,
  created,
});

/**
 * A lead pushed by a partner. Idempotent on (partner, external_id): a repeated push — also a
 * concurrent one — answers the lead the first push made, never a duplicate. Concurrent pushes
 * of one applicant under different external ids make one person: the person's identifiers are
 * locked while it is looked up and created.
 */
export async function pushPartnerLead(deps: Pick<Deps, 'prisma'>, actor: PartnerActor, input: { partner: Partner; push: Push }) {
  const { partner, push } = input;
  const byExternalId = { source_externalId: { source: partner, externalId: push.external_id } };
  const person: PushedPerson = push.person;
  const phoneE164 = person.phone ? normalisePhone(person.phone) : null;
  try {
    const { lead, created } = await deps.prisma.$transaction(
      async (tx) => {
        await lockPersonIdentifiers(tx, { birthNumber: person.birth_number, email: person.email, phoneE164 });
        // A repeated push (a partner's retry), also one that finished while this one waited for
        // the locks, answers the lead that exists.
        const raced = await tx.lead.findUnique({ where: byExternalId });
        if (raced) return { lead: raced, created: false };
        const personId = await findOrCreatePerson(tx, person, phoneE164);
        const lead = await tx.lead.create({
          data: {
            source: partner,
            externalId: push.external_id,
            state: 'NEW',
            personId,
            ...(push.kind === 'LEAD'
              ? { dealType: push.loan.type, value: push.loan.value, installmentValue: push.loan.installment_value, purpose: push.loan.purpose || null }
              : {}),
            partnerPayload: { kind: push.kind, consent: push.consent, note: push.note ?? null } as Prisma.InputJsonValue,
          },
        });
        await recordAudit(tx, actor, { action: `lead.push.${push.kind.toLowerCase()}`, entity: 'Lead', entityId: lead.id, changes: { partner, external_id: push.external_id } });
        return { lead, created: true };
      },
      // Pushes of one applicant queue on the locks: let them wait rather than fail.
      { maxWait: 10_000, timeout: 20_000 },
    );
    return view(lead, created);
  } catch (error) {
    // A concurrent push of the same external id without identifiers to lock won the race:
    // answer its lead. Any other unique conflict is not ours to hide.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const winner = await deps.prisma.lead.findUnique({ where: byExternalId });
      if (winner) return view(winner, false);
    }
    throw error;
  }
}
