import { dealStateMessages } from '@lending/contracts';
import type { Deal, DealModel } from '../../../generated/prisma/client.ts';
import { conflict } from '../../../domain/errors.ts';
import { creditorOf, generateGroups } from '../generation/claims-generation.ts';
import { kindOf, scheduleOrInvalid, termsOf } from '../deal-models/model-record.ts';
import type { Db, Tx } from '../deal-records.ts';

/** The variable symbol a deal gets at activation when staff gave none: 9 and its id in nine digits (docs/decisions/0025). */
export const generatedVariableSymbol = (dealId: number) => `9${String(dealId).padStart(9, '0')}`;

/** The version activation makes ACTIVE: the newest DRAFT that is no restructuring. */
export function versionToActivate(db: Db, dealId: number): Promise<DealModel | null> {
  return db.dealModel.findFirst({ where: { dealId, state: 'DRAFT', validFrom: null }, orderBy: { version: 'desc' } });
}

/**
 * Activation of a deal (→ ACTIVE), inside the state change's transaction and under the deal's
 * lock: the newest DRAFT becomes ACTIVE and its whole schedule becomes claims groups and claims;
 * the deal takes the version's allocation profile and principal, its activation and signing
 * time, and a variable symbol if it had none. Two activations at once: the second waits for the
 * lock and finds the deal ACTIVE, so one set of claims is ever made (and the database keeps one
 * ACTIVE version per deal besides).
 */
export async function activateFirstModel(tx: Tx, deal: Deal, model: DealModel, now: Date): Promise<{ deal: Deal; groups: number; claims: number }> {
  const kind = kindOf(deal.type);
  const schedule = scheduleOrInvalid(termsOf(model), kind);
  await tx.dealModel.update({ where: { id: model.id }, data: { state: 'ACTIVE', activatedAt: now } });
  const generated = await generateGroups(tx, { dealId: deal.id, modelId: model.id, kind, rows: schedule.rows, creditorId: await creditorOf(tx, deal.id) });
  let variableSymbol = deal.variableSymbol;
  if (!variableSymbol) {
    variableSymbol = generatedVariableSymbol(deal.id);
    const taken = await tx.deal.findUnique({ where: { variableSymbol }, select: { id: true } });
    if (taken) throw conflict(dealStateMessages.variableSymbolTaken(variableSymbol));
  }
  const updated = await tx.deal.update({
    where: { id: deal.id },
    data: {
      state: 'ACTIVE',
      activatedAt: now,
      signedAt: deal.signedAt ?? now,
      allocationProfile: model.allocationProfile,
      value: model.principal,
      variableSymbol,
    },
  });
  return { deal: updated, ...generated };
}
