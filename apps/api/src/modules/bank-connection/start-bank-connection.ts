import { randomBytes } from 'node:crypto';
import type { BankConnectionStart } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { unavailable } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { bankConnectionProviderFor } from '../../integrations/bank-connection/index.ts';
import { findOpenForm } from '../form-access/lock-form.ts';

export const BANK_CONNECTION_OFF = 'Online připojení bankovního účtu není k dispozici. Nahrajte prosím výpisy z účtu jako soubory.';

/** Starts an online connection of the applicant's account: the provider's URL and the connection's id. */
export async function startBankConnection(deps: Pick<Deps, 'prisma' | 'config'>, _actor: PublicActor, input: { token: string }): Promise<BankConnectionStart> {
  const form = await findOpenForm(deps, input.token);
  const provider = bankConnectionProviderFor(deps);
  if (!provider) throw unavailable(BANK_CONNECTION_OFF);
  // 144 random bits, URL-safe: the id is all the sandbox page and the return need.
  const clientId = randomBytes(18).toString('base64url');
  await deps.prisma.bankConnection.create({ data: { formId: form.id, provider: provider.name, clientId, state: 'PENDING' } });
  return { url: provider.authorizationUrl(clientId), client_id: clientId };
}
