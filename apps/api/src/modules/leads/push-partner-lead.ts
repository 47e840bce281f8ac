import { normalisePhone, parseBirthNumber, type PartnerContactRequest, type PartnerLeadRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Tx } from '../forms/lock-form.ts';

export type Partner = 'BEZVA_FINANCE' | 'LEADSOR' | 'SEVEN_FINANCE' | 'VOLSOR';

type Push = ({ kind: 'LEAD' } & PartnerLeadRequest) | ({ kind: 'CONTACT' } & PartnerContactRequest);

/**
 * The person a pushed lead belongs to: by birth number, else by e-mail or phone (E.164),
 * else a new one. Known persons get the contact details they lacked, nothing overwritten.
 */
async function findOrCreatePerson(tx: Tx, person: Push['person'] & { birth_number?: string; identity_card?: string; company_id?: string }) {
  const phoneE164 = person.phone ? normalisePhone(person.phone) : null;
  const existing =
    (person.birth_number ? await tx.person.findUnique({ where: { birthNumber: person.birth_number } }) : null) ??
    (person.email || phoneE164
      ? await tx.person.findFirst({
          where: { OR: [...(person.email ? [{ email: person.email }] : []), ...(phoneE164 ? [{ phoneE164 }] : [])] },
          orderBy: { id: 'asc' },
        })
      : null);
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
  const created = await tx.person.create({
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
      contacts: {
        create: [
          ...(person.email ? [{ type: 'EMAIL' as const, value: person.email, isPrimary: true }] : []),
          ...(phoneE164 ? [{ type: 'PHONE' as const, value: phoneE164, isPrimary: true }] : []),
        ],
      },
    },
  });
  return created.id;
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
 * concurrent one — answers the lead the first push made, never a duplicate.
 */
export async function pushPartnerLead(deps: Pick<Deps, 'prisma'>, partner: Partner, push: Push, meta: { keyPrefix: string; requestId: string }) {
  const known = await deps.prisma.lead.findUnique({ where: { source_externalId: { source: partner, externalId: push.external_id } } });
  if (known) return view(known, false);
  try {
    const lead = await deps.prisma.$transaction(async (tx) => {
      const personId = await findOrCreatePerson(tx, push.person);
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
      await tx.auditLog.create({
        data: { actorType: 'API_KEY', actorId: meta.keyPrefix, action: `lead.push.${push.kind.toLowerCase()}`, entity: 'Lead', entityId: String(lead.id), requestId: meta.requestId, changes: { partner, external_id: push.external_id } },
      });
      return lead;
    });
    return view(lead, true);
  } catch (error) {
    // A concurrent push of the same external id won the race: answer its lead.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const winner = await deps.prisma.lead.findUniqueOrThrow({ where: { source_externalId: { source: partner, externalId: push.external_id } } });
      return view(winner, false);
    }
    throw error;
  }
}
