import type { Deps } from '../../deps.ts';
import { conflict } from '../../domain/errors.ts';
import type { ApplicationForm, Prisma } from '../../generated/prisma/client.ts';
import { findFormByToken } from './form-token.ts';

export type Tx = Prisma.TransactionClient;
export const FORM_CLOSED = 'Žádost je uzavřena a nelze ji měnit.';

/** The form of the token for a change that needs no lock of it: not found for a wrong token, a conflict once CLOSED. */
export async function findOpenForm(deps: Pick<Deps, 'prisma'>, token: string): Promise<ApplicationForm> {
  const form = await findFormByToken(deps, token);
  if (form.state === 'CLOSED') throw conflict(FORM_CLOSED);
  return form;
}

/**
 * Runs `work` in a transaction holding the form's row lock, so concurrent writes to one form
 * are serialised and each sees the state the previous one left. CLOSED forms take no writes.
 */
export async function withLockedForm<T>(deps: Pick<Deps, 'prisma'>, token: string, work: (tx: Tx, form: ApplicationForm) => Promise<T>): Promise<T> {
  const { id } = await findFormByToken(deps, token);
  return deps.prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM application_forms WHERE id = ${id} FOR UPDATE`;
      const form = await tx.applicationForm.findUniqueOrThrow({ where: { id } });
      if (form.state === 'CLOSED') throw conflict(FORM_CLOSED);
      return work(tx, form);
    },
    { timeout: 20_000, maxWait: 10_000 },
  );
}
