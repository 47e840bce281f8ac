import { SANDBOX_BANKS, sandboxAccount, type SandboxBank } from '../../integrations/bank-connection/index.ts';
import type { Actor, PublicActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { today } from '../../domain/dates.ts';
import { FORM_CLOSED } from '../form-access/lock-form.ts';
import { completeBankConnection } from './complete-bank-connection.ts';
import { appendClientId, portalReturnUrl } from './portal-return.ts';

/** A sandbox connection not used within an hour expires, as real consent pages do. */
export const SANDBOX_LINK_MINUTES = 60;

export type SandboxPage =
  | { state: 'choose'; status: 200 | 400; banks: readonly SandboxBank[]; backUrl: string; error?: string }
  | { state: 'connected'; status: 200; bankName: string | null; backUrl: string }
  | { state: 'expired'; status: 410; backUrl: string }
  | { state: 'closed'; status: 409; message: string }
  | { state: 'not_found'; status: 404 };

type Loaded = Awaited<ReturnType<typeof load>>;

async function load(deps: Pick<Deps, 'prisma'>, clientId: string) {
  return deps.prisma.bankConnection.findUnique({ where: { clientId }, include: { form: { select: { token: true, state: true } } } });
}

async function pageOf(deps: Pick<Deps, 'prisma' | 'config' | 'now'>, connection: Loaded): Promise<SandboxPage> {
  if (!connection || connection.provider !== 'sandbox') return { state: 'not_found', status: 404 };
  const backUrl = portalReturnUrl(deps.config, connection.form.token);
  if (connection.state === 'CONNECTED') return { state: 'connected', status: 200, bankName: connection.bankName, backUrl };
  if (connection.form.state === 'CLOSED') return { state: 'closed', status: 409, message: FORM_CLOSED };
  if (connection.state === 'PENDING' && deps.now().getTime() - connection.createdAt.getTime() > SANDBOX_LINK_MINUTES * 60_000) {
    await deps.prisma.bankConnection.updateMany({ where: { id: connection.id, state: 'PENDING' }, data: { state: 'EXPIRED', error: 'Odkaz na napojení vypršel.' } });
    return { state: 'expired', status: 410, backUrl };
  }
  if (connection.state !== 'PENDING') return { state: 'expired', status: 410, backUrl };
  return { state: 'choose', status: 200, banks: SANDBOX_BANKS, backUrl };
}

/** The sandbox provider's page: pick a demo bank, or what became of this connection. */
export async function getSandboxConnection(deps: Pick<Deps, 'prisma' | 'config' | 'now'>, _actor: Actor, input: { clientId: string }): Promise<SandboxPage> {
  return pageOf(deps, await load(deps, input.clientId));
}

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
  const connection = await load(deps, clientId);
  const page = await pageOf(deps, connection);
  if (page.state === 'connected') return { redirect: appendClientId(page.backUrl, clientId) };
  if (page.state !== 'choose' || !connection) return page;
  const bank = SANDBOX_BANKS.find((b) => b.code === input.bank);
  if (!bank) return { ...page, status: 400, error: 'Vyberte prosím banku.' };
  await completeBankConnection(deps, connection.id, sandboxAccount(clientId, bank, today(deps)));
  return { redirect: appendClientId(page.backUrl, clientId) };
}
