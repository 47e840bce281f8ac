import { claimsStatementMessages, type ClaimsStatementContent, type ClaimsStatementExportQuery } from '@lending/contracts';
import type { Config } from '../../config.ts';
import type { Actor } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { orderByProfile } from './compute-claims-statement.ts';
import { renderStatementPdf, renderStatementXlsx } from './render-claims-statement.ts';

export interface StatementFile {
  content: Buffer;
  fileName: string;
  mimeType: string;
}

/** The debtor as the letter addresses them: the company, else first and last name. */
const nameOf = (p: { firstName: string | null; lastName: string | null; companyName: string | null } | undefined) =>
  (p && (p.companyName ?? [p.firstName, p.lastName].filter(Boolean).join(' '))) || null;

const refusals = { IN_PROGRESS: claimsStatementMessages.inProgress, NOT_VALID: claimsStatementMessages.notValidSave } as const;

/**
 * GET /deals/{dealId}/claims-statements/{id}/export/?allocation_profile=&format=pdf|xlsx: the
 * statement as a file, from its stored figures. allocation_profile lists the same debts in the
 * order another profile would pay them (the amounts do not change: they are what was owed and
 * paid by the date). Refused while the figures are being computed or are stale.
 */
export async function exportClaimsStatement(
  deps: Pick<Deps, 'prisma'> & { config: Pick<Config, 'LENDER_NAME' | 'LENDER_ADDRESS' | 'LENDER_ACCOUNT' | 'LENDER_IBAN'> },
  _actor: Actor,
  input: ClaimsStatementExportQuery & { dealId: number; id: number },
): Promise<StatementFile> {
  const { dealId, id } = input;
  const statement = await deps.prisma.claimsStatement.findFirst({
    where: { id, dealId },
    include: { deal: { select: { participants: { where: { role: { in: ['BORROWER', 'DEBTOR'] } }, orderBy: { id: 'asc' }, take: 1, select: { person: { select: { firstName: true, lastName: true, companyName: true } } } } } } },
  });
  if (!statement) throw notFound(claimsStatementMessages.notFound);
  if (statement.state === 'IN_PROGRESS' || statement.state === 'NOT_VALID') throw conflict(refusals[statement.state]);
  const content = statement.data as ClaimsStatementContent | null;
  if (!content || !statement.computedAt) throw conflict(claimsStatementMessages.notComputed);
  const asOf = fromDbDate(statement.asOf);
  const profile = input.allocation_profile ?? content.allocation_profile;
  const ordered = profile === content.allocation_profile ? [...content.due, ...content.not_yet_due_principal] : orderByProfile(profile, asOf, [...content.due, ...content.not_yet_due_principal]);
  const document = {
    id,
    asOf,
    computedAt: statement.computedAt,
    content,
    profile,
    lines: { due: ordered.filter((l) => l.due_date <= asOf), notYetDue: ordered.filter((l) => l.due_date > asOf) },
    debtor: nameOf(statement.deal.participants[0]?.person),
    lender: { name: deps.config.LENDER_NAME, address: deps.config.LENDER_ADDRESS ?? null, account: deps.config.LENDER_ACCOUNT ?? null, iban: deps.config.LENDER_IBAN ?? null },
  };
  const baseName = `vycisleni-${content.contract_number ?? dealId}-${asOf}`;
  return input.format === 'xlsx'
    ? { content: await renderStatementXlsx(document), fileName: `${baseName}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }
    : { content: await renderStatementPdf(document), fileName: `${baseName}.pdf`, mimeType: 'application/pdf' };
}
