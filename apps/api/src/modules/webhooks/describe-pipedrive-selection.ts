import { formatCzk, type PipedrivePanelQuery } from '@lending/contracts';
import type { WebhookActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** The one money format (docs/decisions/0016), from the exact decimal. */
const money = (v: { toFixed(places: number): string }) => formatCzk(v.toFixed(2));

/**
 * Pipedrive's panel calls for the selected deals or persons: recorded, then answered with a
 * short Czech text of what the lender knows about them (matched by external id).
 */
export async function describePipedriveSelection(
  deps: Pick<Deps, 'prisma' | 'now'>,
  _actor: WebhookActor,
  input: PipedrivePanelQuery & { resource: 'deal' | 'person' },
): Promise<string> {
  const { resource, ...query } = input;
  await deps.prisma.webhookEvent.create({
    data: { source: 'PIPEDRIVE', event: `panel.${resource}`, resource, payload: { ...query } as Prisma.InputJsonValue, processedAt: deps.now() },
  });
  const ids = (query.selectedIds ?? '').split(',').map((s) => s.trim()).filter(Boolean).slice(0, 100);
  if (ids.length === 0) return 'Nebyly vybrány žádné záznamy.';
  if (resource === 'deal') {
    const deals = await deps.prisma.deal.findMany({ where: { externalId: { in: ids } }, orderBy: { id: 'asc' } });
    const lines = ids.map((id) => {
      const deal = deals.find((d) => d.externalId === id);
      return deal ? `Obchod ${id}: smlouva ${deal.contractNumber ?? '–'}, stav ${deal.state}, výše ${money(deal.value)}, dní po splatnosti ${deal.daysPastDue}` : `Obchod ${id}: v systému nenalezen`;
    });
    return lines.join('\n');
  }
  const persons = await deps.prisma.person.findMany({
    where: { externalId: { in: ids } },
    include: { dealParticipations: { include: { deal: true } }, leads: true },
  });
  return ids
    .map((id) => {
      const p = persons.find((x) => x.externalId === id);
      if (!p) return `Osoba ${id}: v systému nenalezena`;
      const active = p.dealParticipations.filter((d) => d.deal.state === 'ACTIVE').length;
      return `Osoba ${id}: ${[p.firstName, p.lastName].filter(Boolean).join(' ') || p.companyName || '–'}, obchodů ${p.dealParticipations.length} (aktivních ${active}), žádostí ${p.leads.length}`;
    })
    .join('\n');
}
