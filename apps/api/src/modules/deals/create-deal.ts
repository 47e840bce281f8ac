import { dealMessages, type DealCreateRequest, type DealDetail } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { recordStaffAudit, type StaffActor } from '../audit/record-staff-audit.ts';
import { checkDealUniques, rethrowDealUniqueViolation } from './deal-uniques.ts';
import { getDeal } from './get-deal.ts';
import { nextVariableSymbol } from './variable-symbol.ts';

/**
 * POST /deals/: a new deal in NEW_APPLICATION with its participants. The variable symbol is
 * generated when none is given (variable-symbol.ts); identifiers another deal has are 400.
 */
export async function createDeal(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: DealCreateRequest): Promise<DealDetail> {
  const participants = input.participants ?? [];
  const id = await deps.prisma
    .$transaction(async (tx) => {
      const personIds = [...new Set(participants.map((p) => p.person))];
      const found = new Set((await tx.person.findMany({ where: { id: { in: personIds } }, select: { id: true } })).map((p) => p.id));
      const missing: Record<string, string[]> = {};
      participants.forEach((p, i) => {
        if (!found.has(p.person)) missing[`participants.${i}.person`] = [dealMessages.personNotFound];
      });
      if (Object.keys(missing).length) throw badRequest(missing);
      await checkDealUniques(tx, input);
      const variableSymbol = input.variable_symbol ?? (await nextVariableSymbol(tx));
      const deal = await tx.deal.create({
        data: {
          type: input.type,
          state: 'NEW_APPLICATION',
          value: input.value,
          externalId: input.external_id ?? null,
          contractNumber: input.contract_number ?? null,
          variableSymbol,
          abp: input.abp ?? false,
          insolvency: input.insolvency ?? false,
          liquidated: input.liquidated ?? false,
          settings: input.settings ?? [],
          allocationProfile: input.allocation_profile ?? null,
          nonPayingAfterDays: input.non_paying_after_days ?? 30,
          note: input.note ?? null,
          participants: { create: participants.map((p) => ({ personId: p.person, role: p.role })) },
        },
      });
      await recordStaffAudit(tx, actor, {
        action: 'deal.create',
        entity: 'Deal',
        entityId: deal.id,
        changes: { ...input, variable_symbol: variableSymbol, state: 'NEW_APPLICATION', participants },
      });
      return deal.id;
    })
    .catch(rethrowDealUniqueViolation);
  return getDeal(deps, id, ['participants']);
}
