import { SANDBOX_BANKS, sandboxAccount } from '../../integrations/bank-connection/index.ts';
import type { PublicActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { completeBankConnection } from './complete-bank-connection.ts';
import { appendClientId } from './portal-return.ts';
import { loadSandboxConnection, sandboxPageOf, type SandboxPage } from './sandbox-connection.ts';

/**
 * The applicant "authorised" the chosen demo bank: its account is generated (deterministic per
 * clientId), stored, and the applicant is sent back the way real providers do it
 * (`/dokumenty?token=<token>?clientId=<id>`). A second submit just sends them back again.
 */
export async function connectSandboxBank(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'>,
  _actor: PublicActor,
  input: { clientId: string; bank: string | undefined },
): Promise<{ redirect: string } | SandboxPage> {
  const { clientId } = input;
  const connection = await loadSandboxConnection(deps, clientId);
  const page = await sandboxPageOf(deps, connection);
  if (page.state === 'connected') return { redirect: appendClientId(page.backUrl, clientId) };
  if (page.state !== 'choose' || !connection) return page;
  const bank = SANDBOX_BANKS.find((b) => b.code === input.bank);
  if (!bank) return { ...page, status: 400, error: 'Vyberte prosím banku.' };
  await completeBankConnection(deps, connection.id, sandboxAccount(clientId, bank, today(deps)));
  return { redirect: appendClientId(page.backUrl, clientId) };
}
