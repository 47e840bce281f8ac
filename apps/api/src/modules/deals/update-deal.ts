import { dealMessages, moneyOf, type DealDetail, type DealPatchRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkDealUniques, rethrowDealUniqueViolation } from './deal-uniques.ts';
import { lockDeal, PRE_ACTIVE_STATES } from './deal-views.ts';
import { getDeal } from './get-deal.ts';

type DealRow = Awaited<ReturnType<typeof lockDeal>>;

/** Each writable field: its column and its current value as the API writes it (for "did it change"). */
const fields = {
  type: { column: 'type', current: (d: DealRow) => d.type },
  value: { column: 'value', current: (d: DealRow) => moneyOf(d.value) },
  external_id: { column: 'externalId', current: (d: DealRow) => d.externalId },
  contract_number: { column: 'contractNumber', current: (d: DealRow) => d.contractNumber },
  variable_symbol: { column: 'variableSymbol', current: (d: DealRow) => d.variableSymbol },
  abp: { column: 'abp', current: (d: DealRow) => d.abp },
  insolvency: { column: 'insolvency', current: (d: DealRow) => d.insolvency },
  liquidated: { column: 'liquidated', current: (d: DealRow) => d.liquidated },
  settings: { column: 'settings', current: (d: DealRow) => d.settings },
  allocation_profile: { column: 'allocationProfile', current: (d: DealRow) => d.allocationProfile },
  non_paying_after_days: { column: 'nonPayingAfterDays', current: (d: DealRow) => d.nonPayingAfterDays },
  note: { column: 'note', current: (d: DealRow) => d.note },
  closed_reason: { column: 'closedReason', current: (d: DealRow) => d.closedReason },
} as const;
type Field = keyof typeof fields;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * PUT/PATCH /deals/{id}/: the fields sent are changed (PUT must send type and value, as its
 * schema says; it changes nothing else than PATCH); the state only through POST /deals/{id}/state/.
 * The terms (type, value) change only before activation, after it a new deal-model version does;
 * closed_reason only corrects a CLOSED deal's reason.
 */
export async function updateDeal(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { id: number; changes: DealPatchRequest }): Promise<DealDetail> {
  const { id, changes: body } = input;
  await deps.prisma
    .$transaction(async (tx) => {
      const deal = await lockDeal(tx, id);
      const changed = (Object.keys(fields) as Field[]).filter((f) => body[f] !== undefined && !same(body[f], fields[f].current(deal)));
      if ((changed.includes('type') || changed.includes('value')) && !(PRE_ACTIVE_STATES as readonly string[]).includes(deal.state)) {
        throw conflict(dealMessages.termsAfterActivation);
      }
      if (changed.includes('closed_reason') && deal.state !== 'CLOSED') throw conflict(dealMessages.notClosedReason);
      if (changed.length === 0) return;
      await checkDealUniques(tx, { variable_symbol: body.variable_symbol, contract_number: body.contract_number, external_id: body.external_id }, id);
      const data: Record<string, unknown> = {};
      const audit: Record<string, { from: unknown; to: unknown }> = {};
      for (const f of changed) {
        data[fields[f].column] = body[f] ?? null;
        audit[f] = { from: fields[f].current(deal) ?? null, to: body[f] ?? null };
      }
      await tx.deal.update({ where: { id }, data: data as Prisma.DealUpdateInput });
      await recordAudit(tx, actor, { action: 'deal.update', entity: 'Deal', entityId: id, changes: audit as Prisma.InputJsonObject });
    })
    .catch(rethrowDealUniqueViolation);
  return getDeal(deps, actor, { id });
}
