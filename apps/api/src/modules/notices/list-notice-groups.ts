import type { NoticeGroup, OrderingKey } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { groupInclude, namesFor, toNoticeGroup } from './notice-views.ts';

const COLUMNS = { id: 'id', date: 'date', state: 'state', created_at: 'createdAt' } as const;

/** GET /deals/{dealId}/notice-groups/: the deal's notice groups with their notices, paged. */
export async function listNoticeGroups(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: { dealId: number; page: number; page_size: number; ordering: OrderingKey<keyof typeof COLUMNS>[] },
): Promise<ResultPage<NoticeGroup>> {
  if (!(await deps.prisma.deal.findUnique({ where: { id: input.dealId }, select: { id: true } }))) throw notFound();
  const where = { dealId: input.dealId };
  return paginate(
    input,
    () => deps.prisma.noticeGroup.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.noticeGroup.findMany({
        where,
        include: groupInclude,
        orderBy: [...input.ordering.map((o) => ({ [COLUMNS[o.field]]: o.direction })), { id: 'desc' as const }],
        skip,
        take,
      });
      const names = await namesFor(deps.prisma, rows);
      return rows.map((g) => toNoticeGroup(g, names));
    },
  );
}
