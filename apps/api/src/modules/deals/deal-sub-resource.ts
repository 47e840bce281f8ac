import { dealMessages, type OrderingKey, type PageQuery } from '@lending/contracts';
import type { Actor, StaffActor } from '../../domain/actor.ts';
import { invalid, notFound, orNotFound } from '../../domain/errors.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findDeal, lockDeal } from './deal-views.ts';

// The use cases every sub-resource of a deal shares (DRF's ModelViewSet under /deals/{dealId}/):
// list with ordering and filters, one item, create, update (PUT requires the required fields,
// PATCH any subset; fields not sent keep their values, as DRF's update does) and delete. Each
// resource file says what is particular to it: columns, references to check, what refuses a
// delete. Every write locks the deal's row, runs in one transaction and is audit-logged with it.
// The resource is part of each use case's input: the router and the seed name which one.

export type Tx = Prisma.TransactionClient;
type DealRow = Awaited<ReturnType<typeof findDeal>>;

/** The part of a Prisma model delegate these use cases call. */
export interface Delegate {
  findMany(args: object): Promise<unknown[]>;
  count(args: object): Promise<number>;
  findFirst(args: object): Promise<unknown>;
  create(args: object): Promise<unknown>;
  update(args: object): Promise<unknown>;
  delete(args: object): Promise<unknown>;
}

export interface SubResourceQuery extends PageQuery {
  ordering: OrderingKey[];
  [filter: string]: unknown;
}

/** What the list needs of a resource. */
export interface ListedResource<Row> {
  delegate: (db: Tx | Deps['prisma']) => Delegate;
  include?: object;
  /** Ordering field of the API → the model's field. */
  orderColumns: Record<string, string>;
  /** Prisma `where` of the list's own filters. */
  where?: (query: SubResourceQuery) => object;
  toView: (row: Row) => unknown;
}

export interface SubResource<Row extends { id: number }, Create, Patch> extends ListedResource<Row> {
  /** Audit: `${action}.create|update|delete` on `entity`. */
  action: string;
  entity: string;
  /** The columns to write from a request body (only the fields sent) at `now`; checks references (invalid). */
  toData: (tx: Tx, deal: DealRow, body: Create | Patch, existing: Row | null, now: Date) => Promise<Record<string, unknown>>;
  /** A field message for a row that breaks a unique rule of the resource, checked before the write. */
  duplicate?: (tx: Tx, deal: DealRow, data: Record<string, unknown>, exceptId: number | null) => Promise<Record<string, string[]> | null>;
  /** Throws a conflict with the reason when the row may not be deleted (money or breach history). */
  beforeDelete?: (tx: Tx, deal: DealRow, row: Row) => Promise<void>;
  /** Throws a conflict when the change would leave the deal in a state it may not be in. */
  beforeUpdate?: (tx: Tx, deal: DealRow, row: Row, data: Record<string, unknown>) => Promise<void>;
}

// Any resource, whatever its row and bodies: the router holds them side by side.
export type AnySubResource = SubResource<{ id: number }, never, never>;

const itemNotFound = () => notFound(dealMessages.itemNotFound);

function orderBy(def: { orderColumns: Record<string, string> }, ordering: OrderingKey[]) {
  return [...ordering.map((o) => ({ [def.orderColumns[o.field]!]: o.direction })), { id: ordering.at(-1)?.direction ?? 'asc' }];
}

/** GET /deals/{dealId}/<resource>/: the deal's rows, ordered and filtered, paged. */
export async function listItems<Row>(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: SubResourceQuery & { resource: ListedResource<Row>; dealId: number },
): Promise<ResultPage<unknown>> {
  const { resource: def, dealId, ...query } = input;
  await findDeal(deps.prisma, dealId);
  const where = { dealId, ...def.where?.(query) };
  const delegate = def.delegate(deps.prisma);
  return paginate(
    query,
    () => delegate.count({ where }),
    async ({ skip, take }) => ((await delegate.findMany({ where, include: def.include, orderBy: orderBy(def, query.ordering), skip, take })) as Row[]).map(def.toView),
  );
}

async function findItem<Row>(db: Tx | Deps['prisma'], def: SubResource<{ id: number }, never, never>, dealId: number, id: number): Promise<Row> {
  const row = await def.delegate(db).findFirst({ where: { id, dealId }, include: def.include });
  if (!row) throw itemNotFound();
  return row as Row;
}

/** GET /deals/{dealId}/<resource>/{id}/ */
export async function getItem(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { resource: AnySubResource; dealId: number; id: number }): Promise<unknown> {
  const { resource: def, dealId, id } = input;
  await findDeal(deps.prisma, dealId);
  return def.toView(await findItem(deps.prisma, def, dealId, id));
}

/** A unique index that a concurrent write got to first: the resource's field message. */
async function guardUnique<T>(def: AnySubResource, work: () => Promise<T>, message: () => Record<string, string[]> | null): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fields = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' ? message() : null;
    if (fields) throw invalid(fields);
    throw error;
  }
}

/** POST /deals/{dealId}/<resource>/ */
export async function createItem(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { resource: AnySubResource; dealId: number; item: unknown }): Promise<unknown> {
  const { resource: def, dealId, item: body } = input;
  let lastDuplicate: Record<string, string[]> | null = null;
  return guardUnique(
    def,
    () =>
      deps.prisma.$transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        const data = await def.toData(tx, deal, body as never, null, deps.now());
        lastDuplicate = (await def.duplicate?.(tx, deal, data, null)) ?? null;
        if (lastDuplicate) throw invalid(lastDuplicate);
        const row = (await def.delegate(tx).create({ data: { ...data, dealId }, include: def.include })) as { id: number };
        await recordAudit(tx, actor, { action: `${def.action}.create`, entity: def.entity, entityId: row.id, changes: auditOf(dealId, body) });
        return def.toView(row);
      }),
    () => lastDuplicate,
  );
}

/** PUT and PATCH /deals/{dealId}/<resource>/{id}/: the fields sent change (PUT's schema requires the required ones). */
export async function updateItem(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: StaffActor,
  input: { resource: AnySubResource; dealId: number; id: number; changes: unknown },
): Promise<unknown> {
  const { resource: def, changes: body, ...ids } = input;
  let lastDuplicate: Record<string, string[]> | null = null;
  return guardUnique(
    def,
    () =>
      deps.prisma.$transaction(async (tx) => {
        const deal = await lockDeal(tx, ids.dealId);
        const existing = await findItem<{ id: number }>(tx, def, ids.dealId, ids.id);
        const data = await def.toData(tx, deal, body as never, existing, deps.now());
        await def.beforeUpdate?.(tx, deal, existing, data);
        lastDuplicate = (await def.duplicate?.(tx, deal, data, ids.id)) ?? null;
        if (lastDuplicate) throw invalid(lastDuplicate);
        const row = await orNotFound(def.delegate(tx).update({ where: { id: ids.id }, data, include: def.include }), dealMessages.itemNotFound);
        await recordAudit(tx, actor, { action: `${def.action}.update`, entity: def.entity, entityId: ids.id, changes: auditOf(ids.dealId, body) });
        return def.toView(row as { id: number });
      }),
    () => lastDuplicate,
  );
}

/** DELETE /deals/{dealId}/<resource>/{id}/, unless the resource refuses it. */
export async function deleteItem(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { resource: AnySubResource; dealId: number; id: number }): Promise<void> {
  const { resource: def, ...ids } = input;
  await deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, ids.dealId);
    const row = await findItem<{ id: number }>(tx, def, ids.dealId, ids.id);
    await def.beforeDelete?.(tx, deal, row);
    await orNotFound(def.delegate(tx).delete({ where: { id: ids.id } }), dealMessages.itemNotFound);
    await recordAudit(tx, actor, { action: `${def.action}.delete`, entity: def.entity, entityId: ids.id, changes: auditOf(ids.dealId, def.toView(row)) });
  });
}

function auditOf(dealId: number, values: unknown): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify({ deal_id: dealId, ...(values as object) })) as Prisma.InputJsonObject;
}

/** Copies the fields sent (`undefined` = not sent) from body to columns: `{field: column}`. */
export function pick(body: Record<string, unknown>, columns: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) if (body[field] !== undefined) data[column] = body[field];
  return data;
}
