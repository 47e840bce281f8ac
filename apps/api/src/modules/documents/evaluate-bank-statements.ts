import { createHash } from 'node:crypto';
import type { BankStatementsStatus } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ApplicationForm } from '../../generated/prisma/client.ts';
import { readCheck, readPeriods } from './bank-statements-record.ts';
import { addMonths, businessDateOf, dayNumber, fromDbDate, isoDay, today as todayOf } from '../../domain/dates.ts';
import { BANK_STATEMENT_FILES } from './document-rules.ts';

/** portal.md §9: statements for the last 90 days (three months). */
export const REQUIRED_DAYS = 90;
/** Fewer transactions than this in the 90 days: not enough to judge the account (portal.md §2). */
export const MIN_TRANSACTIONS = 10;
/**
 * The newest statement may end this many days ago and still count as recent: the statement of
 * the last whole month ends up to 31 days ago, and banks issue it a few days later.
 */
export const FRESH_WITHIN_DAYS = 35;

type Interval = [from: number, to: number];

function union(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

const overlap = (intervals: Interval[], from: number, to: number) =>
  intervals.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, to) - Math.max(a, from) + 1), 0);

export interface BankStatementsEvaluation extends BankStatementsStatus {
  /** What was looked at, for the last-check snapshot. */
  fingerprint: string;
}

/**
 * Where the form's bank data stands. Sources: bank statements verified by the analysis (the
 * period they state, else their first to last transaction) and connected accounts (first
 * transaction to the day of connection). Their union must cover, up to its newest day R (no
 * older than FRESH_WITHIN_DAYS), the last 90 days, or the last three calendar months when that
 * is shorter (Feb–Apr has 89 days); with fewer than MIN_TRANSACTIONS in R's 90 days the data
 * is too thin and not valid either. `is_dirty`: the statements or connections differ from
 * those of the last check (the validation). Details: docs/decisions/0004-documents.md.
 */
export async function computeBankStatements(deps: Pick<Deps, 'prisma' | 'now'>, formId: number): Promise<BankStatementsEvaluation> {
  const [form, statements, connections] = await Promise.all([
    deps.prisma.applicationForm.findUniqueOrThrow({ where: { id: formId }, select: { config: true } }),
    deps.prisma.formDocument.findMany({ where: { formId, category: 'BANK_STATEMENT' }, select: { id: true, verifiedAt: true }, orderBy: { id: 'asc' } }),
    deps.prisma.bankConnection.findMany({ where: { formId }, orderBy: { id: 'asc' }, include: { _count: { select: { transactions: true } } } }),
  ]);
  const verified = statements.filter((s) => s.verifiedAt);
  const connected = connections.filter((c) => c.state === 'CONNECTED');
  const [byDocument, byConnection] = await Promise.all([
    verified.length
      ? deps.prisma.bankTransaction.groupBy({ by: ['documentId'], where: { documentId: { in: verified.map((s) => s.id) } }, _min: { date: true }, _max: { date: true } })
      : [],
    connected.length
      ? deps.prisma.bankTransaction.groupBy({ by: ['bankConnectionId'], where: { bankConnectionId: { in: connected.map((c) => c.id) } }, _min: { date: true } })
      : [],
  ]);

  const today = dayNumber(todayOf(deps));
  const periods = readPeriods(form.config);
  const intervals: Interval[] = [];
  for (const statement of verified) {
    const period = periods[String(statement.id)];
    const range = byDocument.find((r) => r.documentId === statement.id);
    if (period) intervals.push([dayNumber(period.from), dayNumber(period.to)]);
    else if (range?._min.date && range._max.date) intervals.push([dayNumber(fromDbDate(range._min.date)), dayNumber(fromDbDate(range._max.date))]);
  }
  for (const connection of connected) {
    const end = dayNumber(businessDateOf(connection.connectedAt ?? deps.now()));
    const first = byConnection.find((r) => r.bankConnectionId === connection.id)?._min.date;
    intervals.push([first ? dayNumber(fromDbDate(first)) : end, end]);
  }
  const covered = union(intervals.map(([a, b]): Interval => [a, Math.min(b, today)]));

  const latest = covered.at(-1)?.[1] ?? null;
  const fresh = latest !== null && latest >= today - FRESH_WITHIN_DAYS;
  const end = fresh ? latest : today;
  const windowStart = end - REQUIRED_DAYS + 1;
  const requiredStart = Math.max(windowStart, addMonths(end + 1, -3));
  const requiredDays = end - requiredStart + 1;
  const uncovered = requiredDays - overlap(covered, requiredStart, end);
  const coveredDays = overlap(covered, windowStart, end);
  const run = fresh ? covered.at(-1)! : null;

  const hasData = intervals.length > 0;
  const transactionsCount = hasData
    ? await deps.prisma.bankTransaction.count({
        where: {
          date: { gte: new Date(`${isoDay(windowStart)}T00:00:00Z`), lte: new Date(`${isoDay(end)}T00:00:00Z`) },
          OR: [{ documentId: { in: verified.map((s) => s.id) } }, { bankConnectionId: { in: connected.map((c) => c.id) } }],
        },
      })
    : 0;
  const tooFew = hasData && transactionsCount < MIN_TRANSACTIONS;
  const valid = fresh && uncovered === 0 && !tooFew;
  const missing = valid ? 0 : Math.min(BANK_STATEMENT_FILES, Math.max(1, Math.ceil(uncovered / 30)));

  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ statements: statements.map((s) => s.id), connections: connections.map((c) => `${c.id}:${c.state}`) }))
    .digest('hex')
    .slice(0, 32);
  const lastCheck = readCheck(form.config);
  const emptyFingerprint = createHash('sha256').update(JSON.stringify({ statements: [], connections: [] })).digest('hex').slice(0, 32);

  return {
    any_data: statements.length > 0 || connected.length > 0,
    valid,
    is_dirty: (lastCheck?.fingerprint ?? emptyFingerprint) !== fingerprint,
    covered_days: coveredDays,
    required_days: requiredDays,
    covered_from: run ? isoDay(Math.max(run[0], windowStart)) : null,
    covered_to: run ? isoDay(run[1]) : null,
    transactions_count: transactionsCount,
    min_transactions: MIN_TRANSACTIONS,
    too_few_transactions: tooFew,
    unverified_count: statements.length - verified.length,
    missing_count: missing,
    connections: connections
      .filter((c) => c.state !== 'PENDING')
      .map((c) => ({
        client_id: c.clientId,
        state: c.state,
        bank_name: c.bankName,
        account_name: c.accountName,
        iban_masked: c.iban ? `**** ${c.iban.slice(-4)}` : null,
        connected_at: c.connectedAt?.toISOString() ?? null,
        transactions_count: c._count.transactions,
      })),
    fingerprint,
  };
}

/**
 * The EVALUATE_REQUISITION_STATUS answer for evaluation_target BANK_STATEMENTS:
 * `{any_data, valid, is_dirty}` and the details behind them. Reads only: the last check is
 * the validation's (POST …/documents/bank-statements/validate/).
 */
export async function evaluateBankStatements(deps: Pick<Deps, 'prisma' | 'now'>, form: Pick<ApplicationForm, 'id'>): Promise<BankStatementsStatus> {
  const { fingerprint: _fingerprint, ...status } = await computeBankStatements(deps, form.id);
  return status;
}
