import { dealMessages, type DealCreateRequest, type DealDetail } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkDealUniques, rethrowDealUniqueViolation } from './deal-uniques.ts';
import { getDeal } from './get-deal.ts';
import { nextVariableSymbol } from './variable-symbol.ts';

/**
 * POST /deals/: a new deal in NEW_APPLICATION with its participants. The variable symbol is
 * generated when none is given (variable-symbol.ts); identifiers another deal has are invalid.
 */
export async function createDeal(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { deal: DealCreateRequest }): Promise<DealDetail> {
  const { deal: request } = input;
  const participants = request.participants ?? [];
  const id = await deps.prisma
    .$transaction(async (tx) => {
      const personIds = [...new Set(participants.map((p) => p.person))];
      const found = new Set((await tx.person.findMany({ where: { id: { in: personIds } }, select: { id: true } })).map((p) => p.id));
      const missing: Record<string, string[]> = {};
      participants.forEach((p, i) => {
        if (!found.has(p.person)) missing[`participants.${i}.person`] = [dealMessages.personNotFound];
      });
      if (Object.keys(missing).length) throw invalid(missing);
      await checkDealUniques(tx, request);
      const variableSymbol = request.variable_symbol ?? (await nextVariableSymbol(tx));
      const deal = await tx.deal.create({
        data: {
          type: request.type,
          state: 'NEW_APPLICATION',
          value: request.value,
          externalId: request.external_id ?? null,
          contractNumber: request.contract_number ?? null,
          variableSymbol,
          abp: request.abp ?? false,
          insolvency: request.insolvency ?? false,
          liquidated: request.liquidated ?? false,
          settings: request.settings ?? [],
          allocationProfile: request.allocation_profile ?? null,
          nonPayingAfterDays: request.non_paying_after_days ?? 30,
          note: request.note ?? null,
          participants: { create: participants.map((p) => ({ personId: p.person, role: p.role })) },
        },
      });
      await recordAudit(tx, actor, {
        action: 'deal.create',
        entity: 'Deal',
        entityId: deal.id,
        changes: { ...request, variable_symbol: variableSymbol, state: 'NEW_APPLICATION', participants },
      });
      return deal.id;
    })
    .catch(rethrowDealUniqueViolation);
  return getDeal(deps, actor, { id, expand: ['participants'] });
}
