import { dealMessages } from '@lending/contracts';
import type { ClaimsSetting, DealDebt, DealLabel, DealObligation, EnforceableClaim, Prisma } from '../../generated/prisma/client.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import { pick, type Delegate, type SubResource, type Tx } from './deal-sub-resource.ts';
import { RUNNING_STATES } from './deal-views.ts';
import {
  claimsSettingViewOf,
  debtViewOf,
  enforceableClaimViewOf,
  labelViewOf,
  obligationViewOf,
  participantInclude,
  participantViewOf,
} from './sub-resource-views.ts';

// What is particular to each sub-resource of a deal (deal-sub-resource.ts runs them all).

type Body = Record<string, unknown>;
const delegate = (d: unknown) => d as Delegate;
const day = (value: unknown) => (typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value);
const instant = (value: unknown) => (typeof value === 'string' ? new Date(value) : value);
/** Converts the date fields among `data` (columns) from the API's text to Date. */
function withDates(data: Record<string, unknown>, days: string[], instants: string[] = []) {
  for (const column of days) if (column in data) data[column] = day(data[column]);
  for (const column of instants) if (column in data) data[column] = instant(data[column]);
  return data;
}

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

type ParticipantRow = Prisma.DealParticipantGetPayload<{ include: typeof participantInclude }>;
const DEBTOR_ROLES = ['BORROWER', 'DEBTOR'];

export const participants: SubResource<ParticipantRow, Body, Body> = {
  action: 'deal.participant',
  entity: 'DealParticipant',
  delegate: (db) => delegate(db.dealParticipant),
  include: participantInclude,
  orderColumns: { id: 'id', role: 'role', created_at: 'createdAt' },
  where: (q) => ({ role: q.role }),
  toView: participantViewOf,
  async toData(tx, _deal, body) {
    if (body.person !== undefined && !(await tx.person.findUnique({ where: { id: body.person as number }, select: { id: true } }))) {
      throw invalid({ person: [dealMessages.personNotFound] });
    }
    return pick(body, { person: 'personId', role: 'role' });
  },
  async duplicate(tx, deal, data, exceptId) {
    const current = exceptId === null ? null : await tx.dealParticipant.findUnique({ where: { id: exceptId } });
    const personId = (data.personId as number | undefined) ?? current?.personId;
    const role = (data.role as ParticipantRow['role'] | undefined) ?? current?.role;
    const same = await tx.dealParticipant.findFirst({ where: { dealId: deal.id, personId, role, ...(exceptId ? { id: { not: exceptId } } : {}) } });
    return same ? { non_field_errors: [dealMessages.duplicateParticipant] } : null;
  },
  async beforeUpdate(tx, deal, row, data) {
    if (data.role !== undefined && data.role !== row.role) await keepsDebtor(tx, deal, row);
    if (data.personId !== undefined && data.personId !== row.personId) await notCreditorOfClaims(tx, deal.id, row);
  },
  async beforeDelete(tx, deal, row) {
    await keepsDebtor(tx, deal, row);
    await notCreditorOfClaims(tx, deal.id, row);
  },
};

/** A deal signed or running keeps at least one BORROWER or DEBTOR. */
async function keepsDebtor(tx: Tx, deal: { id: number; state: string }, row: ParticipantRow) {
  if (!DEBTOR_ROLES.includes(row.role) || !(RUNNING_STATES as readonly string[]).includes(deal.state)) return;
  const others = await tx.dealParticipant.count({ where: { dealId: deal.id, role: { in: ['BORROWER', 'DEBTOR'] }, id: { not: row.id } } });
  if (others === 0) throw conflict(dealMessages.lastDebtor);
}

/** The creditor of the deal's claims stays on the deal: its claims name it. */
async function notCreditorOfClaims(tx: Tx, dealId: number, row: ParticipantRow) {
  if (row.role !== 'CREDITOR') return;
  const claims = await tx.claim.count({ where: { dealId, creditorId: row.personId } });
  const stillCreditor = await tx.dealParticipant.count({ where: { dealId, personId: row.personId, role: 'CREDITOR', id: { not: row.id } } });
  if (claims > 0 && stillCreditor === 0) throw conflict(dealMessages.creditorOfClaims);
}

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

export const labels: SubResource<DealLabel, Body, Body> = {
  action: 'deal.label',
  entity: 'DealLabel',
  delegate: (db) => delegate(db.dealLabel),
  orderColumns: { id: 'id', name: 'name', created_at: 'createdAt' },
  toView: labelViewOf,
  toData: async (_tx, _deal, body) => pick(body, { name: 'name', color: 'color' }),
  // A name once per deal, whatever its letter case.
  async duplicate(tx, deal, data, exceptId) {
    if (data.name === undefined) return null;
    const same = await tx.dealLabel.findFirst({
      where: { dealId: deal.id, name: { equals: data.name as string, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    });
    return same ? { name: [dealMessages.duplicateLabel] } : null;
  },
};

// ---------------------------------------------------------------------------------------------
// Debts
// ---------------------------------------------------------------------------------------------

async function modelOfDeal(tx: Tx, dealId: number, modelId: unknown) {
  if (modelId === undefined || modelId === null) return;
  const model = await tx.dealModel.findFirst({ where: { id: modelId as number, dealId }, select: { id: true } });
  if (!model) throw invalid({ deal_model: [dealMessages.dealModelNotOnDeal] });
}

export const debts: SubResource<DealDebt, Body, Body> = {
  action: 'deal.debt',
  entity: 'DealDebt',
  delegate: (db) => delegate(db.dealDebt),
  orderColumns: { id: 'id', created_at: 'createdAt', amount: 'amount', type: 'type' },
  where: (q) => ({ dealModelId: q.deal_model }),
  toView: debtViewOf,
  async toData(tx, deal, body) {
    await modelOfDeal(tx, deal.id, body.deal_model);
    return pick(body, {
      type: 'type',
      creditor: 'creditor',
      amount: 'amount',
      installment_value: 'installmentValue',
      bank_account: 'bankAccount',
      variable_symbol: 'variableSymbol',
      to_refinance: 'toRefinance',
      note: 'note',
      deal_model: 'dealModelId',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Obligations
// ---------------------------------------------------------------------------------------------

/** A minute's leeway for clocks: "fulfilled now" from a browser a little ahead is not the future. */
const CLOCK_LEEWAY_MS = 60_000;

export const obligations: SubResource<DealObligation, Body, Body> = {
  action: 'deal.obligation',
  entity: 'DealObligation',
  delegate: (db) => delegate(db.dealObligation),
  orderColumns: { id: 'id', due_date: 'dueDate', type: 'type', fulfilled_at: 'fulfilledAt', created_at: 'createdAt' },
  where: (q) => ({
    type: q.type,
    ...(q.fulfilled === undefined ? {} : { fulfilledAt: q.fulfilled ? { not: null } : null }),
  }),
  toView: obligationViewOf,
  async toData(_tx, _deal, body, _existing, now) {
    if (typeof body.fulfilled_at === 'string' && Date.parse(body.fulfilled_at) > now.getTime() + CLOCK_LEEWAY_MS) {
      throw invalid({ fulfilled_at: [dealMessages.fulfilledBeforeCreated] });
    }
    const data = pick(body, { type: 'type', description: 'description', due_date: 'dueDate', fulfilled_at: 'fulfilledAt', note: 'note' });
    return withDates(data, ['dueDate'], ['fulfilledAt']);
  },
  // Breach history names the obligation: it stays (fulfilling it ends the breach).
  async beforeDelete(tx, _deal, row) {
    if (await tx.breach.count({ where: { obligationId: row.id } })) throw conflict(dealMessages.obligationWithBreach);
  },
};

// ---------------------------------------------------------------------------------------------
// Enforceable claims
// ---------------------------------------------------------------------------------------------

export const enforceableClaims: SubResource<EnforceableClaim, Body, Body> = {
  action: 'deal.enforceable_claim',
  entity: 'EnforceableClaim',
  delegate: (db) => delegate(db.enforceableClaim),
  orderColumns: { id: 'id', created_at: 'createdAt', amount: 'amount', issued_at: 'issuedAt' },
  where: (q) => ({ titleType: q.title_type }),
  toView: enforceableClaimViewOf,
  async toData(_tx, _deal, body) {
    const data = pick(body, {
      title_type: 'titleType',
      amount: 'amount',
      costs: 'costs',
      file_mark: 'fileMark',
      issued_by: 'issuedBy',
      issued_at: 'issuedAt',
      enforceable_from: 'enforceableFrom',
      executor: 'executor',
      execution_file_mark: 'executionFileMark',
      note: 'note',
    });
    return withDates(data, ['issuedAt', 'enforceableFrom']);
  },
};

// ---------------------------------------------------------------------------------------------
// Claims settings
// ---------------------------------------------------------------------------------------------

export const claimsSettings: SubResource<ClaimsSetting, Body, Body> = {
  action: 'deal.claims_setting',
  entity: 'ClaimsSetting',
  delegate: (db) => delegate(db.claimsSetting),
  orderColumns: { id: 'id', type: 'type', created_at: 'createdAt' },
  where: (q) => ({ type: q.type }),
  toView: claimsSettingViewOf,
  toData: async (_tx, _deal, body) =>
    pick(body, { type: 'type', amount: 'amount', rate: 'rate', due_day: 'dueDay', grace_days: 'graceDays', is_enabled: 'isEnabled', note: 'note' }),
  async duplicate(tx, deal, data, exceptId) {
    if (data.type === undefined) return null;
    const same = await tx.claimsSetting.findFirst({ where: { dealId: deal.id, type: data.type as ClaimsSetting['type'], ...(exceptId ? { id: { not: exceptId } } : {}) } });
    return same ? { type: [dealMessages.duplicateClaimsSetting] } : null;
  },
  // Claims generated under the setting are its history: switch it off instead.
  async beforeDelete(tx, deal, row) {
    if (await tx.claim.count({ where: { dealId: deal.id, type: row.type, cancelledAt: null } })) throw conflict(dealMessages.claimsSettingInUse);
  },
  async beforeUpdate(tx, deal, row, data) {
    if (data.type !== undefined && data.type !== row.type && (await tx.claim.count({ where: { dealId: deal.id, type: row.type, cancelledAt: null } }))) {
      throw conflict(dealMessages.claimsSettingInUse);
    }
  },
};
