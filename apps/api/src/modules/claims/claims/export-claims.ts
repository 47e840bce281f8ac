import { ClaimType } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import { inBatches, tableRowsOf, type ExportCell, type ExportColumn, type TableRows } from '../../../domain/export-table.ts';
import type { Deps } from '../../../deps.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findDeal } from '../deal-records.ts';
import { claimOrderBy, claimWhere, type ClaimFilters } from './list-claims.ts';

/** The columns of the back-office claims list, in its order. */
export const CLAIM_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Číslo', kind: 'integer', width: 10 },
  { header: 'Typ', kind: 'text', width: 20 },
  { header: 'Splatnost', kind: 'date', width: 12 },
  { header: 'Částka', kind: 'money', width: 16 },
  { header: 'Uhrazeno', kind: 'money', width: 16 },
  { header: 'Zbývá uhradit', kind: 'money', width: 16 },
  { header: 'Skupina', kind: 'integer', width: 10 },
  { header: 'Věřitel', kind: 'text', width: 28 },
  { header: 'Popis', kind: 'text', width: 36 },
  { header: 'Zrušeno', kind: 'datetime' },
];

const nameOf = (p: { firstName: string | null; lastName: string | null; companyName: string | null } | null) =>
  p ? p.companyName || [p.firstName, p.lastName].filter(Boolean).join(' ') || null : null;

/**
 * GET /deals/{dealId}/claims/export/: the claims of the list's filters and ordering as table
 * rows, streamed in batches. The ids are read (and the export audit-logged) before the first row.
 */
export async function exportClaims(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: ClaimFilters & { dealId: number }): Promise<{ count: number; rows: TableRows }> {
  const { dealId, ...filters } = input;
  await findDeal(deps.prisma, dealId);
  const ids = (await deps.prisma.claim.findMany({ where: claimWhere(dealId, filters), orderBy: claimOrderBy(filters), select: { id: true } })).map((c) => c.id);
  await recordAudit(deps.prisma, actor, { action: 'claims.export', entity: 'Deal', entityId: dealId, changes: { rows: ids.length } });
  async function* rows(): AsyncGenerator<ExportCell[]> {
    const load = (batch: number[]) =>
      deps.prisma.claim.findMany({ where: { id: { in: batch } }, include: { claimsGroup: { select: { number: true } }, creditor: { select: { firstName: true, lastName: true, companyName: true } } } });
    for await (const c of inBatches(ids, load)) {
      yield [
        c.id,
        ClaimType.labels[c.type],
        c.dueDate.toISOString().slice(0, 10),
        c.amount.toFixed(2),
        c.paidAmount.toFixed(2),
        c.cancelledAt ? '0.00' : c.amount.minus(c.paidAmount).toFixed(2),
        c.claimsGroup?.number ?? null,
        nameOf(c.creditor),
        c.description,
        c.cancelledAt,
      ];
    }
  }
  return { count: ids.length, rows: tableRowsOf(rows()) };
}
