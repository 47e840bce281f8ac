import type { ReportListQuery, ReportView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import { staffNames } from '../users/staff-names.ts';
import { reportView } from './report-view.ts';

const orderColumns = { created_at: 'createdAt', finished_at: 'finishedAt', rows: 'rows', id: 'id' } as const;

/** GET /reporting/reports/: the reports of a type (required, as the spec says), newest first by default. */
export async function listReports(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: ReportListQuery): Promise<ResultPage<ReportView>> {
  const where = { type: input.type };
  return paginate(
    input,
    () => deps.prisma.report.count({ where }),
    async ({ skip, take }) => {
      const orderBy = [...input.ordering.map((o) => ({ [orderColumns[o.field]]: o.direction })), { id: input.ordering.at(-1)?.direction ?? 'desc' }];
      const rows = await deps.prisma.report.findMany({ where, skip, take, orderBy });
      const names = await staffNames(deps.prisma, rows.map((r) => r.createdById));
      return rows.map((r) => reportView(r, names));
    },
  );
}
