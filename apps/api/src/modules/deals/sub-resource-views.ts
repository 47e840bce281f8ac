import {
  moneyOf,
  type ClaimsSettingView,
  type DealDebtView,
  type DealLabelView,
  type DealNoteView,
  type DealObligationView,
  type DealParticipantView,
  type EnforceableClaimView,
} from '@lending/contracts';
import type { ClaimsSetting, DealDebt, DealLabel, DealNote, DealObligation, DealParticipant, EnforceableClaim, Person, StaffUser } from '../../generated/prisma/client.ts';
import { dayOf, iso, moneyText, personRefOf, rateText } from './deal-views.ts';

// How the rows of the deal's sub-resources are answered: the lists, their items and the
// detail's expansions use the same shapes.

export const participantInclude = { person: { select: { id: true, firstName: true, lastName: true, companyName: true } } } as const;
type ParticipantRow = DealParticipant & { person: Pick<Person, 'id' | 'firstName' | 'lastName' | 'companyName'> };

export const participantViewOf = (p: ParticipantRow): DealParticipantView => ({
  id: p.id,
  deal_id: p.dealId,
  person: personRefOf(p.person),
  role: p.role,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

export const labelViewOf = (l: DealLabel): DealLabelView => ({
  id: l.id,
  deal_id: l.dealId,
  name: l.name,
  color: l.color,
  created_at: l.createdAt.toISOString(),
  updated_at: l.updatedAt.toISOString(),
});

export const noteInclude = { author: { select: { id: true, email: true, firstName: true, lastName: true } } } as const;
type NoteRow = DealNote & { author: Pick<StaffUser, 'id' | 'email' | 'firstName' | 'lastName'> | null };

export const noteViewOf = (n: NoteRow): DealNoteView => ({
  id: n.id,
  deal_id: n.dealId,
  text: n.text,
  author: n.author ? { id: n.author.id, name: `${n.author.firstName} ${n.author.lastName}`.trim() || n.author.email, email: n.author.email } : null,
  created_at: n.createdAt.toISOString(),
});

export const debtViewOf = (d: DealDebt): DealDebtView => ({
  id: d.id,
  deal_id: d.dealId,
  deal_model: d.dealModelId,
  type: d.type,
  creditor: d.creditor,
  amount: moneyText(d.amount),
  installment_value: moneyOf(d.installmentValue),
  bank_account: d.bankAccount,
  variable_symbol: d.variableSymbol,
  to_refinance: d.toRefinance,
  note: d.note,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

export const obligationViewOf = (o: DealObligation): DealObligationView => ({
  id: o.id,
  deal_id: o.dealId,
  type: o.type,
  description: o.description,
  due_date: dayOf(o.dueDate),
  fulfilled_at: iso(o.fulfilledAt),
  note: o.note,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

export const enforceableClaimViewOf = (e: EnforceableClaim): EnforceableClaimView => ({
  id: e.id,
  deal_id: e.dealId,
  title_type: e.titleType,
  amount: moneyText(e.amount),
  costs: moneyText(e.costs),
  file_mark: e.fileMark,
  issued_by: e.issuedBy,
  issued_at: dayOf(e.issuedAt),
  enforceable_from: dayOf(e.enforceableFrom),
  executor: e.executor,
  execution_file_mark: e.executionFileMark,
  note: e.note,
  created_at: e.createdAt.toISOString(),
  updated_at: e.updatedAt.toISOString(),
});

export const claimsSettingViewOf = (s: ClaimsSetting): ClaimsSettingView => ({
  id: s.id,
  deal_id: s.dealId,
  type: s.type,
  amount: moneyOf(s.amount),
  rate: rateText(s.rate),
  due_day: s.dueDay,
  grace_days: s.graceDays,
  is_enabled: s.isEnabled,
  note: s.note,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});
