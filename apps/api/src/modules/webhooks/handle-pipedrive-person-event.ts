import { normalisePhone } from '@lending/contracts';
import { z } from 'zod';
import type { WebhookActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

export type PipedrivePersonEvent = 'added' | 'deleted' | 'merged' | 'updated';

// What we read of Pipedrive's person webhook body (v1: {current, previous, meta}); the rest is
// kept verbatim in webhook_events.
const contactList = z.array(z.object({ value: z.string() })).optional().catch(undefined);
const pipedrivePerson = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: contactList,
  phone: contactList,
});
const body = z
  .object({ current: pipedrivePerson.nullish().catch(null), previous: pipedrivePerson.nullish().catch(null), meta: z.record(z.string(), z.unknown()).nullish() })
  .partial()
  .catch({});

/**
 * A Pipedrive person webhook: recorded first (whatever arrives), then applied to the person
 * linked by `external_id` — names and first e-mail/phone on update, the new id on merge, the
 * link removed on delete, and on add a link to an unlinked person with the same e-mail or phone.
 */
export async function handlePipedrivePersonEvent(deps: Pick<Deps, 'prisma' | 'now'>, _actor: WebhookActor, input: { event: PipedrivePersonEvent; payload: unknown }) {
  const { event, payload } = input;
  const record = await deps.prisma.webhookEvent.create({
    data: { source: 'PIPEDRIVE', event: `person.${event}`, resource: 'person', payload: (payload ?? {}) as Prisma.InputJsonValue },
  });
  const { current, previous } = body.parse(payload ?? {});
  let applied = 'nothing to apply';
  try {
    if (event === 'updated' && current) {
      const email = current.email?.[0]?.value;
      const phone = current.phone?.[0]?.value;
      const { count } = await deps.prisma.person.updateMany({
        where: { externalId: current.id },
        data: {
          ...(current.first_name ? { firstName: current.first_name } : {}),
          ...(current.last_name ? { lastName: current.last_name } : {}),
          ...(email ? { email } : {}),
          ...(phone ? { phone, phoneE164: normalisePhone(phone) } : {}),
        },
      });
      applied = `updated ${count}`;
    } else if (event === 'merged' && current && previous && current.id !== previous.id) {
      const taken = await deps.prisma.person.findUnique({ where: { externalId: current.id } });
      if (!taken) {
        const { count } = await deps.prisma.person.updateMany({ where: { externalId: previous.id }, data: { externalId: current.id } });
        applied = `relinked ${count}`;
      } else {
        await deps.prisma.person.updateMany({ where: { externalId: previous.id }, data: { externalId: null } });
        applied = 'merged into an already linked person';
      }
    } else if (event === 'deleted') {
      const id = previous?.id ?? current?.id;
      if (id) applied = `unlinked ${(await deps.prisma.person.updateMany({ where: { externalId: id }, data: { externalId: null } })).count}`;
    } else if (event === 'added' && current) {
      const email = current.email?.[0]?.value;
      const phoneE164 = current.phone?.[0]?.value ? normalisePhone(current.phone[0].value) : null;
      const taken = await deps.prisma.person.findUnique({ where: { externalId: current.id } });
      const match =
        !taken && (email || phoneE164)
          ? await deps.prisma.person.findFirst({ where: { externalId: null, OR: [...(email ? [{ email }] : []), ...(phoneE164 ? [{ phoneE164 }] : [])] }, orderBy: { id: 'asc' } })
          : null;
      if (match) {
        await deps.prisma.person.update({ where: { id: match.id }, data: { externalId: current.id } });
        applied = `linked person ${match.id}`;
      }
    }
    await deps.prisma.webhookEvent.update({ where: { id: record.id }, data: { processedAt: deps.now() } });
  } catch (error) {
    await deps.prisma.webhookEvent.update({ where: { id: record.id }, data: { error: String((error as Error).message).slice(0, 2000) } });
    applied = 'recorded; could not be applied';
  }
  return `OK: ${applied}`;
}
