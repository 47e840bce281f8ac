import { dealMessages, type OrderingKey, type PageQuery } from '@lending/contracts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { findDeal } from './deal-views.ts';

// What the use cases every sub-resource of a deal shares need (DRF's ModelViewSet under
// /deals/{dealId}/; list-, get-, create-, update- and delete-deal-item.ts):
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

export const itemNotFound = () => notFound(dealMessages.itemNotFound);

export function orderBy(def: { orderColumns: Record<string, string> }, ordering: OrderingKey[]) {
  return [...ordering.map((o) => ({ [def.orderColumns[o.field]!]: o.direction })), { id: ordering.at(-1)?.direction ?? 'asc' }];
}

/** The row of the deal, or not found. */
export async function findItem<Row>(db: Tx | Deps['prisma'], def: SubResource<{ id: number }, never, never>, dealId: number, id: number): Promise<Row> {
  const row = await def.delegate(db).findFirst({ where: { id, dealId }, include: def.include });
  if (!row) throw itemNotFound();
  return row as Row;
}

/** A unique index that a concurrent write got to first: the resource's field message. */
export async function guardUnique<T>(def: AnySubResource, work: () => Promise<T>, message: () => Record<string, string[]> | null): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fields = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' ? message() : null;
    if (fields) throw invalid(fields);
    throw error;
  }
}

/** Audit `changes`: the deal and what was sent. */
export function auditOf(dealId: number, values: unknown): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify({ deal_id: dealId, ...(values as object) })) as Prisma.InputJsonObject;
}

/** Copies the fields sent (`undefined` = not sent) from body to columns: `{field: column}`. */
export function pick(body: Record<string, unknown>, columns: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) if (body[field] !== undefined) data[column] = body[field];
  return data;
}
