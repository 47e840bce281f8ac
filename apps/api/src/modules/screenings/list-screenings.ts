import { ScreeningType, type ScreeningListItem, type ScreeningListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { findScreenedPerson } from './find-screening.ts';
import { requesterEmails, screeningPersonOf, toListItem } from './screening-view.ts';

// Search ignores case and Czech diacritics on both sides ("insolvencni" finds "Insolvenční").
const FROM = 'ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽáčďéěíňóřšťúůýž';
const TO = 'ACDEEINORSTUUYZacdeeinorstuuyz';
export const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const foldSql = (expr: Prisma.Sql) => Prisma.sql`lower(translate(${expr}, ${FROM}, ${TO}))`;
const likePattern = (text: string) => `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const prismaColumns = { created_at: 'createdAt', finished_at: 'finishedAt', type: 'type', state: 'state', id: 'id' } as const;

/**
 * The ids of the person's screenings that pass the filters: created_at within date_from and
 * date_to (whole days, inclusive), of `type`, whose type (code or Czech name), summary or
 * result sections contain `search`; with only_latest, the newest of each type among them.
 */
async function matchingIds(deps: Pick<Deps, 'prisma'>, personId: number, query: ScreeningListQuery): Promise<number[]> {
  const conditions: Prisma.Sql[] = [Prisma.sql`person_id = ${personId}`];
  if (query.type) conditions.push(Prisma.sql`type = ${query.type}::"ScreeningType"`);
  if (query.date_from) conditions.push(Prisma.sql`created_at >= ${query.date_from.toISOString()}::timestamp`);
  if (query.date_to) conditions.push(Prisma.sql`created_at < ${new Date(query.date_to.getTime() + 86_400_000).toISOString()}::timestamp`);
  const search = query.search?.trim();
  if (search) {
    const needle = fold(search);
    const types = ScreeningType.values.filter((t) => fold(t).includes(needle) || fold(ScreeningType.labels[t]).includes(needle));
    const pattern = likePattern(search);
    conditions.push(Prisma.sql`(
      ${types.length ? Prisma.sql`type::text IN (${Prisma.join(types)})` : Prisma.sql`FALSE`}
      OR ${foldSql(Prisma.sql`COALESCE(result->>'summary', '')`)} LIKE ${pattern}
      OR ${foldSql(Prisma.sql`COALESCE((result->'sections')::text, '')`)} LIKE ${pattern}
      OR ${foldSql(Prisma.sql`COALESCE(error, '')`)} LIKE ${pattern})`);
  }
  const where = Prisma.join(conditions, ' AND ');
  const rows = query.only_latest
    ? await deps.prisma.$queryRaw<{ id: number }[]>`SELECT DISTINCT ON (type) id FROM screenings WHERE ${where} ORDER BY type, created_at DESC, id DESC`
    : await deps.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM screenings WHERE ${where}`;
  return rows.map((r) => r.id);
}

/** GET /persons/{personId}/screenings/: the person's screenings, newest first by default. */
export async function listScreenings(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: ScreeningListQuery & { personId: number }): Promise<ResultPage<ScreeningListItem>> {
  const { personId, ...query } = input;
  const person = screeningPersonOf(await findScreenedPerson(deps, personId));
  // A person has tens of screenings, not thousands: the filters pick ids, Prisma pages them.
  const ids = await matchingIds(deps, personId, query);
  // PostgreSQL's order for the empty finished_at of unfinished screenings: last going up,
  // first going down (they will finish after every finished one).
  const orderBy = [...query.ordering.map((o) => ({ [prismaColumns[o.field]]: o.direction })), { id: 'desc' as const }];
  return paginate(
    query,
    async () => ids.length,
    async ({ skip, take }) => {
      const rows = await deps.prisma.screening.findMany({ where: { id: { in: ids } }, orderBy, skip, take });
      const requesters = await requesterEmails(deps, rows);
      return rows.map((r) => toListItem(r, person, requesters));
    },
  );
}
