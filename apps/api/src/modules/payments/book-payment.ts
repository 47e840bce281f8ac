import type { ManualPaymentMethod, PaymentCategory, PaymentDirection, PaymentPairedBy, PaymentType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Actor } from '../../domain/actor.ts';
import { dbDate, fromDbDate } from '../../domain/dates.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { matchDrawingPayout } from '../purposes/payout.ts';
import { pairPayment, pairPayments, type PairingDecision } from './pairing.ts';
import { holdDelinquencyLock, lockDealForAllocation, lockDealsForAllocation, replayDealAllocations, replayDealsAllocations } from '../servicing/index.ts';

// Booking one bank movement (docs/decisions/0034): stored once per bank reference, paired,
// and when paired allocated at once by replaying its deal from the payment's date — all in one
// transaction, so a payment is never seen booked but unallocated. Debits are stored as outgoing
// payments and never allocated; a storno becomes the reversal entry of the payment it takes back.

export interface MovementInput {
  /** The bank's id of the movement; null only for a payment typed in by hand. */
  bankReference: string | null;
  /** YYYY-MM-DD, the day the bank booked it. */
  date: string;
  /** Positive decimal string. */
  amount: string;
  direction: PaymentDirection;
  reversal: boolean;
  variableSymbol: string | null;
  specificSymbol: string | null;
  constantSymbol: string | null;
  counterAccount: string | null;
  counterAccountName: string | null;
  message: string | null;
  category?: PaymentCategory;
  paymentType?: PaymentType;
  /** A payment entered by hand with its deal (docs/decisions/0047): paired to it (MANUAL_ENTRY), not by the rule. */
  dealId?: number | null;
  /** A payment entered by hand: how the money came. */
  entryMethod?: ManualPaymentMethod | null;
  note?: string | null;
}

export interface Booking {
  /** CREATED: stored now; DUPLICATE: a payment with this bank reference existed, nothing was written. */
  outcome: 'CREATED' | 'DUPLICATE';
  paymentId: number;
  dealId: number | null;
  /** How it came to its deal (for a DUPLICATE: null, nothing was decided now). */
  pairedBy: PaymentPairedBy | null;
  /** Unpaired, with the deal its counter-account suggests (pairing.ts). */
  suggestedDealId: number | null;
  /** The payment this storno took back. */
  reversalOf: number | null;
  /** The statement import that booked the payment (for a DUPLICATE: the earlier one). */
  statementId: number | null;
  /** A DUPLICATE of an earlier line of the same batch (bookPayments): a file that lists a movement twice. */
  repeated?: true;
}

/** A symbol as payments keep it: without leading zeros (a bank pads them; "0" stays). */
export const keptSymbol = <T extends string | null | undefined>(symbol: T): T => (typeof symbol === 'string' ? (symbol.replace(/^0+(?=\d)/, '') as T) : symbol);

export const bookingMessages = {
  reversalNotFound: 'Storno: původní platbu se nepodařilo najít, uloženo jako samostatný pohyb.',
};


type Tx = Prisma.TransactionClient;

/**
 * The payment a storno takes back: the other direction, the same amount and counter-account,
 * dated on or before it, not reversed yet — the latest such one. Locked (FOR NO KEY UPDATE, as
 * allocation rows referencing it hold KEY SHARE), and checked again once the lock is held: a
 * storno booked meanwhile may have taken it.
 */
async function lockReversedPayment(tx: Tx, m: MovementInput): Promise<{ id: number; dealId: number | null; date: Date } | null> {
  const original = m.direction === 'INCOMING_PAYMENT' ? 'OUTGOING_PAYMENT' : 'INCOMING_PAYMENT';
  for (let attempt = 0; attempt < 5; attempt++) {
    const [candidate] = await tx.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM payments p
       WHERE p.direction = ${original}::"PaymentDirection" AND p.amount = ${m.amount}::numeric
         AND p.counter_account IS NOT DISTINCT FROM ${m.counterAccount} AND p.date <= ${m.date}::date
         AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)
       ORDER BY p.date DESC, p.id DESC LIMIT 1`;
    if (!candidate) return null;
    const [locked] = await tx.$queryRaw<{ id: number; deal_id: number | null; date: Date; taken: boolean }[]>`
      SELECT p.id, p.deal_id, p.date, EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id) AS taken
        FROM payments p WHERE p.id = ${candidate.id} FOR NO KEY UPDATE`;
    if (locked && !locked.taken) return { id: locked.id, dealId: locked.deal_id, date: locked.date };
  }
  return null;
}

export interface BookingOptions {
  /** Today's business date (YYYY-MM-DD): DPD and breaches are brought to it. */
  businessDate: string;
  statementId?: number | null;
  /** Who books the payments, when someone asks (staff's bulk call): each created one is audited. */
  actor?: Actor;
}

async function bookInTransaction(tx: Tx, m: MovementInput, options: BookingOptions): Promise<Booking> {
  if (m.bankReference !== null) {
    // Two imports of one movement at once: the second waits here for the first to commit, then finds it.
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`payment:${m.bankReference}`}, 0))::text`;
    const existing = await tx.payment.findUnique({ where: { bankReference: m.bankReference }, select: { id: true, dealId: true, reversalOfId: true, statementId: true } });
    if (existing) return { outcome: 'DUPLICATE', paymentId: existing.id, dealId: existing.dealId, pairedBy: null, suggestedDealId: null, reversalOf: existing.reversalOfId, statementId: existing.statementId };
  }
  // The close of business's lock first, always: every path below takes it before any row lock.
  await holdDelinquencyLock(tx);

  let dealId: number | null = null;
  let pairedBy: PaymentPairedBy | null = null;
  let suggestedDealId: number | null = null;
  let reversalOf: { id: number; date: Date } | null = null;
  let note: string | null = m.note ?? null;
  if (m.reversal) {
    const original = await lockReversedPayment(tx, m);
    if (original) {
      reversalOf = original;
      dealId = original.dealId;
      if (dealId !== null) pairedBy = 'REVERSAL';
    } else note = bookingMessages.reversalNotFound;
  } else if (m.direction === 'INCOMING_PAYMENT' && m.dealId) {
    dealId = m.dealId;
    pairedBy = 'MANUAL_ENTRY';
  } else if (m.direction === 'INCOMING_PAYMENT') {
    const { pairing, suggestion } = await pairPayment(tx, m);
    if (pairing) ({ dealId, by: pairedBy } = pairing);
    suggestedDealId = suggestion;
  }
  if (dealId !== null) await lockDealForAllocation(tx, dealId);

  const payment = await tx.payment.create({
    data: {
      direction: m.direction,
      category: m.category,
      paymentType: m.paymentType,
      date: dbDate(m.date),
      amount: m.amount,
      variableSymbol: m.variableSymbol,
      specificSymbol: m.specificSymbol,
      constantSymbol: m.constantSymbol,
      counterAccount: m.counterAccount,
      counterAccountName: m.counterAccountName,
      message: m.message,
      note,
      bankReference: m.bankReference,
      dealId,
      pairedBy,
      suggestedDealId,
      entryMethod: m.entryMethod ?? null,
      reversalOfId: reversalOf?.id ?? null,
      statementId: options.statementId ?? null,
    },
    select: { id: true },
  });
  // A debit may be the payment order of a drawing: then it pays the drawing out (purposes/payout.ts).
  if (m.direction === 'OUTGOING_PAYMENT' && !m.reversal) await matchDrawingPayout(tx, { id: payment.id, ...m }, options.businessDate);
  // The bank took back a debit that paid a drawing out: the drawing is unpaid again.
  if (reversalOf && m.direction === 'INCOMING_PAYMENT') await tx.purposeDrawing.updateMany({ where: { paymentId: reversalOf.id }, data: { paymentId: null } });
  // A payment counts from its own date; a storno undoes the original from the original's date.
  if (dealId !== null && (reversalOf || m.direction === 'INCOMING_PAYMENT')) {
    await replayDealAllocations(tx, dealId, reversalOf ? fromDbDate(reversalOf.date) : m.date, options.businessDate);
  }
  if (options.actor) {
    await recordAudit(tx, options.actor, {
      action: 'payment.create',
      entity: 'Payment',
      entityId: payment.id,
      changes: {
        bank_reference: m.bankReference,
        amount: m.amount,
        direction: m.direction,
        date: m.date,
        deal: dealId,
        paired_by: pairedBy,
        suggested_deal: suggestedDealId,
        reversal_of: reversalOf?.id ?? null,
        ...(m.entryMethod ? { entry_method: m.entryMethod } : {}),
      },
    });
  }
  return { outcome: 'CREATED', paymentId: payment.id, dealId, pairedBy, suggestedDealId, reversalOf: reversalOf?.id ?? null, statementId: options.statementId ?? null };
}

/** Books one movement in a transaction of its own; a bank reference seen before is a DUPLICATE, nothing written. */
export function bookPayment(deps: Pick<Deps, 'prisma'>, movement: MovementInput, options: BookingOptions): Promise<Booking> {
  return deps.prisma.$transaction((tx) => bookInTransaction(tx, movement, options), { timeout: 30_000, maxWait: 30_000 });
}

/** Movements booked per transaction by bookPayments: what a deal's lock is held for, and how often progress is written. */
export const BOOKING_CHUNK = 100;
/** Chunks booked at once, each in a transaction (a connection) of its own: their deals never overlap. */
export const BOOKING_WORKERS = 4;

type Earlier = { id: number; bank_reference: string; deal_id: number | null; reversal_of_id: number | null; statement_id: number | null };
const duplicateOf = (e: Earlier): Booking => ({ outcome: 'DUPLICATE', paymentId: e.id, dealId: e.deal_id, pairedBy: null, suggestedDealId: null, reversalOf: e.reversal_of_id, statementId: e.statement_id });

async function earlierPayments(db: Pick<Tx, '$queryRaw'>, refs: readonly string[]): Promise<Map<string, Earlier>> {
  if (!refs.length) return new Map();
  const rows = await db.$queryRaw<Earlier[]>`
    SELECT id, bank_reference, deal_id, reversal_of_id, statement_id FROM payments WHERE bank_reference = ANY(${refs}::text[])`;
  return new Map(rows.map((r) => [r.bank_reference, r]));
}

/** One movement of a batch, where it stands in it, and the deal it pairs to. */
interface Item {
  index: number;
  movement: MovementInput;
  decision: PairingDecision;
}

export interface BookedChunk {
  /** The movements' places in the batch, with their bookings. */
  entries: { index: number; booking: Booking }[];
}

/**
 * Books many movements (statement imports, bulk create) with the outcome of booking them one by
 * one in their order: a bank reference seen before is a DUPLICATE, nothing written; incoming
 * payments are paired in order (pairPayments, before any write: a payment paired to a deal makes
 * its counter-account known to the lines after it); each deal paid is replayed once, from the
 * earliest date of its new payments — the same allocations as one replay per payment, since a
 * replay from a date equals one pass (0033), except for penalty interest a first replay would
 * have accrued before the next (0038).
 *
 * The work is done in chunks of whole deals (`chunkSize` lines or so, deals by id; lines no deal
 * takes in chunks of their own), `workers` chunks at once: their deals never overlap, so they
 * never wait for each other. A chunk locks what bookPayment locks (the close's shared lock, then
 * its deals by id) before its first write, and its payments, their allocations and
 * `afterChunk`'s writes commit together or not at all: an interrupted run leaves whole chunks,
 * and a re-run books the rest. Stornos and debits are booked last, one by one in their order
 * (bookPayment): the payment a storno takes back may be in the same batch, and a debit may pay out
 * a drawing (purposes/payout.ts), which locks rows of its own. Debits are few in a statement.
 */
export async function bookPayments(
  deps: Pick<Deps, 'prisma'>,
  movements: readonly MovementInput[],
  options: BookingOptions & { chunkSize?: number; workers?: number; afterChunk?: (tx: Tx, chunk: BookedChunk) => Promise<void> },
): Promise<Booking[]> {
  const size = options.chunkSize ?? BOOKING_CHUNK;
  const bookings: Booking[] = new Array<Booking>(movements.length);
  const earlier = await earlierPayments(deps.prisma, movements.flatMap((m) => (m.bankReference === null ? [] : [m.bankReference])));
  const items: Item[] = [];
  const duplicates: number[] = [];
  const oneByOne: number[] = [];
  // A bank reference listed again later in the batch: booked once, by its first line, as one by
  // one would; the later lines are its duplicates, neither paired nor booked.
  const firstLine = new Map<string, number>();
  const repeats: { index: number; of: number }[] = [];
  for (const [index, movement] of movements.entries()) {
    if (movement.bankReference !== null) {
      const first = firstLine.get(movement.bankReference);
      if (first !== undefined) {
        repeats.push({ index, of: first });
        continue;
      }
      firstLine.set(movement.bankReference, index);
    }
    const found = movement.bankReference === null ? undefined : earlier.get(movement.bankReference);
    if (found) {
      bookings[index] = duplicateOf(found);
      duplicates.push(index);
    } else if (movement.reversal || movement.direction === 'OUTGOING_PAYMENT' || movement.dealId) oneByOne.push(index);
    else items.push({ index, movement, decision: { pairing: null, suggestion: null } });
  }
  const incoming = items.filter((i) => i.movement.direction === 'INCOMING_PAYMENT');
  for (const [n, decision] of (await pairPayments(deps.prisma, incoming.map((i) => i.movement))).entries()) incoming[n]!.decision = decision;

  // Chunks: each deal's lines together, deals by id; then the lines of no deal.
  const byDeal = new Map<number, Item[]>();
  const loose: Item[] = [];
  for (const item of items) {
    const { pairing } = item.decision;
    if (pairing) byDeal.set(pairing.dealId, [...(byDeal.get(pairing.dealId) ?? []), item]);
    else loose.push(item);
  }
  const chunks: Item[][] = [];
  let current: Item[] = [];
  for (const dealId of [...byDeal.keys()].sort((a, b) => a - b)) {
    current.push(...byDeal.get(dealId)!);
    if (current.length >= size) [chunks[chunks.length], current] = [current, []];
  }
  for (const item of loose) {
    current.push(item);
    if (current.length >= size) [chunks[chunks.length], current] = [current, []];
  }
  if (current.length) chunks.push(current);

  const transaction = (work: (tx: Tx) => Promise<BookedChunk>) =>
    deps.prisma.$transaction(
      async (tx) => {
        const done = await work(tx);
        await options.afterChunk?.(tx, done);
        for (const e of done.entries) bookings[e.index] = e.booking;
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
  // Duplicates are progress too (nothing to write but the caller's figures).
  if (duplicates.length && options.afterChunk) await transaction(async () => ({ entries: duplicates.map((index) => ({ index, booking: bookings[index]! })) }));
  let next = 0;
  let failed = false;
  // Every worker finishes (commits or rolls back) its chunk before a failure is passed on: nothing runs on after the caller is told.
  const settled = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(options.workers ?? BOOKING_WORKERS, chunks.length)) }, async () => {
      while (!failed && next < chunks.length) {
        const chunk = chunks[next++]!;
        await transaction((tx) => bookChunk(tx, chunk, options)).catch((error: unknown) => {
          failed = true;
          throw error;
        });
      }
    }),
  );
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) throw failure.reason;
  for (const index of oneByOne) await transaction(async (tx) => ({ entries: [{ index, booking: await bookInTransaction(tx, movements[index]!, options) }] }));
  if (repeats.length) {
    const entries = repeats.map(({ index, of }) => {
      const b = bookings[of]!;
      return {
        index,
        booking: { outcome: 'DUPLICATE', paymentId: b.paymentId, dealId: b.dealId, pairedBy: null, suggestedDealId: null, reversalOf: b.reversalOf, statementId: b.statementId, repeated: true } satisfies Booking,
      };
    });
    if (options.afterChunk) await transaction(async () => ({ entries }));
    else for (const e of entries) bookings[e.index] = e.booking;
  }
  return bookings;
}

/** bookPayments' work for one chunk (incoming payments only, no storno), in the caller's transaction. */
async function bookChunk(tx: Tx, chunk: readonly Item[], options: BookingOptions): Promise<BookedChunk> {
  // The close of business's lock first, always: every path takes it before any row lock.
  await holdDelinquencyLock(tx);
  const dealIds = [...new Set(chunk.flatMap((i) => (i.decision.pairing ? [i.decision.pairing.dealId] : [])))].sort((a, b) => a - b);
  await lockDealsForAllocation(tx, dealIds);

  // Ids drawn first, so each row is known by its place even without a bank reference.
  const ids = (await tx.$queryRaw<{ id: number }[]>`SELECT nextval(pg_get_serial_sequence('payments', 'id'))::int AS id FROM generate_series(1, ${chunk.length}::int)`).map(
    (r) => r.id,
  );
  const column = <T>(pick: (m: MovementInput, i: Item) => T) => chunk.map((i) => pick(i.movement, i));
  const inserted = new Set(
    (
      await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO payments (id, direction, category, payment_type, date, amount, variable_symbol, specific_symbol, constant_symbol,
                              counter_account, counter_account_name, message, note, bank_reference, deal_id, paired_by, suggested_deal_id,
                              entry_method, statement_id, updated_at)
        SELECT id, direction::"PaymentDirection", coalesce(category, 'UNCATEGORIZED')::"PaymentCategory", coalesce(payment_type, 'BANK_TRANSFER')::"PaymentType",
               date, amount, variable_symbol, specific_symbol, constant_symbol, counter_account, counter_account_name, message, note, bank_reference,
               deal_id, paired_by, suggested_deal_id, entry_method, ${options.statementId ?? null}::int, now()
          FROM unnest(${ids}::int[], ${column((m) => m.direction)}::text[], ${column((m) => m.category ?? null)}::text[], ${column((m) => m.paymentType ?? null)}::text[],
                      ${column((m) => m.date)}::date[], ${column((m) => m.amount)}::numeric[], ${column((m) => m.variableSymbol)}::text[],
                      ${column((m) => m.specificSymbol)}::text[], ${column((m) => m.constantSymbol)}::text[], ${column((m) => m.counterAccount)}::text[],
                      ${column((m) => m.counterAccountName)}::text[], ${column((m) => m.message)}::text[], ${column((m) => m.note ?? null)}::text[],
                      ${column((m) => m.bankReference)}::text[], ${column((_, i) => i.decision.pairing?.dealId ?? null)}::int[],
                      ${column((_, i) => i.decision.pairing?.by ?? null)}::text[], ${column((_, i) => i.decision.suggestion)}::int[],
                      ${column((m) => m.entryMethod ?? null)}::text[])
               AS m(id, direction, category, payment_type, date, amount, variable_symbol, specific_symbol, constant_symbol,
                    counter_account, counter_account_name, message, note, bank_reference, deal_id, paired_by, suggested_deal_id, entry_method)
         -- A movement another import books at the same time: this insert waits for its commit, then skips it.
         ORDER BY bank_reference
        ON CONFLICT (bank_reference) DO NOTHING
        RETURNING id`
    ).map((r) => r.id),
  );
  // What a concurrent import booked first (the conflicts above): duplicates, as if found before.
  const raced = await earlierPayments(
    tx,
    chunk.flatMap((item, n) => (inserted.has(ids[n]!) ? [] : [item.movement.bankReference!])),
  );

  const from = new Map<number, string>();
  const entries = chunk.map((item, n): { index: number; booking: Booking } => {
    const {
      movement: m,
      decision: { pairing, suggestion },
    } = item;
    if (!inserted.has(ids[n]!)) return { index: item.index, booking: duplicateOf(raced.get(m.bankReference!)!) };
    if (pairing) from.set(pairing.dealId, [from.get(pairing.dealId) ?? m.date, m.date].sort()[0]!);
    return {
      index: item.index,
      booking: {
        outcome: 'CREATED',
        paymentId: ids[n]!,
        dealId: pairing?.dealId ?? null,
        pairedBy: pairing?.by ?? null,
        suggestedDealId: suggestion,
        reversalOf: null,
        statementId: options.statementId ?? null,
      },
    };
  });
  // Each deal once, from its earliest new payment, all in one set-based replay.
  await replayDealsAllocations(
    tx,
    [...from].map(([dealId, fromDate]) => ({ dealId, fromDate })),
    options.businessDate,
  );
  if (options.actor) {
    for (const [n, { booking: b }] of entries.entries()) {
      if (b.outcome !== 'CREATED') continue;
      const m = chunk[n]!.movement;
      await recordAudit(tx, options.actor, {
        action: 'payment.create',
        entity: 'Payment',
        entityId: b.paymentId,
        changes: {
          bank_reference: m.bankReference,
          amount: m.amount,
          direction: m.direction,
          date: m.date,
          deal: b.dealId,
          paired_by: b.pairedBy,
          suggested_deal: b.suggestedDealId,
          reversal_of: null,
        },
      });
    }
  }
  return { entries };
}
