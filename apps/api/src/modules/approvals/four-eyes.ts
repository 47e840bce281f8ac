import { approvalMessages, type ApprovalAction, type ApprovalRequestView } from '@lending/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { approvalViewOf, APPROVAL_INCLUDE } from './approval-view.ts';

export type Tx = Prisma.TransactionClient;

/** What an approval request is about, read under the request's transaction. */
export interface ApprovalFacts {
  dealId: number | null;
  /** The money the action moves or changes (compared with the setting's threshold); null: none. */
  amount: string | null;
  /** In Czech, for the checker's list: what will happen, to what, for how much. */
  summary: string;
}

/**
 * An action that may need a second pair of eyes (ROLES.md §2, docs/decisions/0045). The module
 * that owns the action defines it (its use case stays the one way to execute it); the approvals
 * module stores, lists and decides requests without knowing any action's rules.
 */
export interface FourEyesAction<I, R> {
  action: ApprovalAction;
  /** The input as stored (JSON) and read back at approval. */
  input: z.ZodType<I>;
  /** The facts of this input; null: this input is not four-eyes (e.g. a deal moved to a state that is not). */
  describe(tx: Tx, input: I): Promise<ApprovalFacts | null>;
  /** The action's use case. Run inside the approval's transaction: `deps.prisma` is that transaction. */
  execute(deps: Deps, actor: StaffActor, input: I): Promise<R>;
  /** What the execution made, kept on the request so it can be found (e.g. `{ claim_id: 4711 }`). */
  resultOf(result: R): Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds actions of every input and result type
export type AnyFourEyesAction = FourEyesAction<any, any>;

/** Either the action ran (four-eyes off, under the threshold, or not applicable), or it waits for approval. */
export type FourEyesOutcome<R> = { done: R } | { approval: ApprovalRequestView };

/**
 * Deps whose `prisma` is the open transaction `tx`: a use case's own `$transaction` joins it, so an
 * approved action executes in one transaction with the approval's state change. `pool` (raw
 * connections outside Prisma) would escape the transaction and wait on its locks: refused.
 */
export function depsWithin(deps: Deps, tx: Tx): Deps {
  const prisma = new Proxy(tx, {
    get(target, key, receiver) {
      if (key === '$transaction') {
        return (work: unknown) => {
          if (typeof work !== 'function') throw new Error('an approved action runs in one interactive transaction; a batch $transaction([...]) cannot join it');
          return (work as (tx: Tx) => Promise<unknown>)(tx);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  }) as unknown as Deps['prisma'];
  const pool = new Proxy({} as Deps['pool'], {
    get() {
      throw new Error('an approved action runs inside a Prisma transaction; the raw pool would escape it');
    },
  });
  return { ...deps, prisma, pool };
}

/** Runs `work` and undoes what it wrote, keeping the transaction: a SAVEPOINT rolled back. */
export async function undone<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  await tx.$executeRawUnsafe('SAVEPOINT four_eyes');
  try {
    return await work();
  } finally {
    await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT four_eyes');
  }
}

const TX_OPTIONS = { timeout: 60_000, maxWait: 15_000 } as const;

/**
 * A four-eyes action asked by `actor`: executes at once when its setting is off, when it is under
 * the setting's threshold or when this input is not four-eyes; otherwise it is validated by
 * executing it and undoing that (a SAVEPOINT), so a request that could not execute now is refused
 * with the action's own errors, and stored as a pending approval request (audited, in the deal's
 * history). The same pending request asked again (a retried call) is refused as a duplicate.
 */
export async function requestOrExecute<I, R>(deps: Deps, actor: StaffActor, def: FourEyesAction<I, R>, input: I): Promise<FourEyesOutcome<R>> {
  const setting = await deps.prisma.fourEyesSetting.findUnique({ where: { action: def.action } });
  if (!setting?.enabled) return { done: await def.execute(deps, actor, input) };
  const stored = JSON.parse(JSON.stringify(input)) as Prisma.InputJsonValue;
  const pending = await deps.prisma.$transaction(async (tx) => {
    const facts = await def.describe(tx, input);
    if (!facts) return null;
    if (setting.threshold && facts.amount !== null && setting.threshold.gt(facts.amount)) return null;
    // One request at a time for the same thing: a second one (a retried call) would only fail at approval.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`four-eyes:${def.action}:${JSON.stringify(stored)}`}))`;
    const same = await tx.approvalRequest.findFirst({ where: { action: def.action, state: 'PENDING', expiresAt: { gt: deps.now() }, input: { equals: stored } }, select: { id: true } });
    if (same) throw conflict(approvalMessages.duplicate(same.id), { approval: same.id });
    await undone(tx, () => def.execute(depsWithin(deps, tx), actor, input));
    const now = deps.now();
    const created = await tx.approvalRequest.create({
      data: {
        action: def.action,
        summary: facts.summary,
        dealId: facts.dealId,
        amount: facts.amount,
        input: stored,
        makerId: actor.staffId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + setting.expiresAfterDays * 86_400_000),
      },
      include: APPROVAL_INCLUDE,
    });
    await recordAudit(tx, actor, {
      action: 'approval.request',
      entity: 'ApprovalRequest',
      entityId: created.id,
      changes: { ...(facts.dealId !== null && { deal_id: facts.dealId }), approval_action: def.action, summary: facts.summary, amount: facts.amount, input: stored },
    });
    return approvalViewOf(created, now);
  }, TX_OPTIONS);
  return pending ? { approval: pending } : { done: await def.execute(deps, actor, input) };
}
