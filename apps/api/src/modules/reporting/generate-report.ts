import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { reportingMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import type { ExportCell, TableRows } from '../../domain/export-table.ts';
import { readSource } from '../../db/read-replica.ts';
import { writeCsv, writeXlsx } from '../../files/table-file.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { reportTable, type ReportParams } from './report-tables.ts';

/** Where reports' files are kept: `reports/<id>/<file name>`. */
export const REPORT_FILES = 'reports/';

/** How often the rows written so far are stored while the file is written (the progress staff see). */
const PROGRESS_EVERY_MS = 1000;

/**
 * "1234.50" / "-0.50" → cents, as an integer. A Decimal(14, 2) amount in cents is below 2^53, so a
 * double holds it exactly; the column sums below stay integers too (see Totals).
 */
export function cents(value: ExportCell): number {
  if (typeof value !== 'string' || value === '') return 0;
  // The database's text of a numeric(…, 2): always two places after the point.
  if (value.charCodeAt(value.length - 3) === 46) return Number(value.slice(0, -3) + value.slice(-2));
  const [whole = '0', fraction = ''] = value.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return Number(whole) * 100 + sign * Number((fraction + '00').slice(0, 2));
}

/**
 * Exact sums of a report's money columns in cents: integers added as doubles while they stay far
 * below 2^53 (exact), moved into a BigInt before they could leave that range — a million rows
 * of amounts cost a million integer additions, not a million BigInt conversions.
 */
export class Totals {
  private readonly fast: number[];
  private readonly big: bigint[];
  constructor(columns: number) {
    this.fast = Array.from({ length: columns }, () => 0);
    this.big = Array.from({ length: columns }, () => 0n);
  }
  add(column: number, value: number): void {
    const next = this.fast[column]! + value;
    if (Math.abs(next) < 2 ** 51) this.fast[column] = next;
    else {
      this.big[column]! += BigInt(next);
      this.fast[column] = 0;
    }
  }
  total(column: number): bigint {
    return this.big[column]! + BigInt(this.fast[column]!);
  }
}

export function decimalOf(total: bigint): string {
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * The job's work (docs/decisions/0049): writes the report's file to storage while the rows are
 * read — from the read replica when one serves and is fresh enough (db/read-replica.ts), the
 * primary otherwise, which the report's metadata says — counting the rows and summing the money
 * columns on the way (the totals the screen's totals are checked against), storing the rows
 * written every second (progress). A report already DONE or FAILED is left alone; a retry
 * writes the file again from the first row. The last attempt's failure marks it FAILED. A
 * stopping worker (`signal`) ends the attempt between pages, so a shutdown never waits for a
 * long report.
 */
export async function generateReport(deps: Deps, _actor: Actor, input: { reportId: number; finalAttempt: boolean; signal?: AbortSignal }): Promise<void> {
  const claimed = await deps.prisma.report.updateManyAndReturn({
    where: { id: input.reportId, state: { in: ['QUEUED', 'RUNNING'] } },
    data: { state: 'RUNNING', startedAt: deps.now(), rows: 0, totals: {}, error: null },
  });
  const report = claimed[0];
  if (!report) return;
  try {
    const source = await readSource(deps);
    const metadata = { source: source.source, lag_seconds: source.lagSeconds, fallback_reason: source.fallbackReason ?? null };
    const table = reportTable({ pool: source.pool, now: deps.now }, report.type, report.params as ReportParams);
    const moneyColumns = table.columns.flatMap((c, i) => (c.kind === 'money' ? [i] : []));
    const sums = new Totals(moneyColumns.length);
    let rows = 0;
    let lastProgress = Date.now();
    const counted: TableRows = async function* (onRow) {
      const reading = table.rows((cells) => {
        rows++;
        for (let m = 0; m < moneyColumns.length; m++) sums.add(m, cents(cells[moneyColumns[m]!]!));
        onRow(cells);
      });
      for await (const _ of reading) {
        // The worker is stopping (SIGTERM): the attempt ends here and a retry writes the file again.
        input.signal?.throwIfAborted();
        if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
          lastProgress = Date.now();
          await deps.prisma.report.update({ where: { id: report.id }, data: { rows } });
        }
        yield;
      }
    };
    const fileName = `${table.baseName}.${report.format}`;
    const key = `${REPORT_FILES}${report.id}/${fileName}`;
    // The writer writes into the hashing stream the storage reads: the file and its SHA-256 in one pass.
    const hash = createHash('sha256');
    const out = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // A failure is the write's to report: the storage may not read `out` yet (it makes the folder first).
    out.on('error', () => undefined);
    const write = (report.format === 'xlsx' ? writeXlsx(out, table.sheetName, table.columns, counted) : writeCsv(out, table.columns, counted)).then(
      () => out.end(),
      (error: Error) => {
        // The storage reading `out` fails its write and keeps no half file.
        out.destroy(error);
        throw error;
      },
    );
    const [stored] = await Promise.all([
      storageFor(deps).put(key, out, { contentType: report.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8' }),
      write,
    ]);
    const totals = Object.fromEntries(moneyColumns.map((column, m) => [table.columns[column]!.header, decimalOf(sums.total(m))]));
    await deps.prisma.report.update({
      where: { id: report.id },
      data: { state: 'DONE', rows, totals, fileKey: key, fileName, size: stored.size, sha256: hash.digest('hex'), metadata, finishedAt: deps.now() },
    });
    deps.logger.info({ component: 'reporting', reportId: report.id, type: report.type, rows, size: stored.size, ...metadata }, 'report written');
  } catch (error) {
    deps.logger.error({ component: 'reporting', reportId: report.id, err: error, finalAttempt: input.finalAttempt }, 'report failed');
    if (input.finalAttempt) await deps.prisma.report.update({ where: { id: report.id }, data: { state: 'FAILED', error: reportingMessages.reportFailed, finishedAt: deps.now() } });
    throw error;
  }
}
