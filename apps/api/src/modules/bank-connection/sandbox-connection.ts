import { SANDBOX_BANKS, type SandboxBank } from '../../integrations/bank-connection/index.ts';
import type { Deps } from '../../deps.ts';
import { FORM_CLOSED } from '../form-access/lock-form.ts';
import { portalReturnUrl } from './portal-return.ts';

/** A sandbox connection not used within an hour expires, as real consent pages do. */
export const SANDBOX_LINK_MINUTES = 60;

export type SandboxPage =
  | { state: 'choose'; status: 200 | 400; banks: readonly SandboxBank[]; backUrl: string; error?: string }
  | { state: 'connected'; status: 200; bankName: string | null; backUrl: string }
  | { state: 'expired'; status: 410; backUrl: string }
  | { state: 'closed'; status: 409; message: string }
  | { state: 'not_found'; status: 404 };

type Loaded = Awaited<ReturnType<typeof loadSandboxConnection>>;

/** The connection of a client id, with its form's token and state. */
export async function loadSandboxConnection(deps: Pick<Deps, 'prisma'>, clientId: string) {
  return deps.prisma.bankConnection.findUnique({ where: { clientId }, include: { form: { select: { token: true, state: true } } } });
}

/** What the sandbox provider's page shows for this connection (a stale PENDING one expires here). */
export async function sandboxPageOf(deps: Pick<Deps, 'prisma' | 'config' | 'now'>, connection: Loaded): Promise<SandboxPage> {
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
