import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { loadSandboxConnection, sandboxPageOf, type SandboxPage } from './sandbox-connection.ts';

/** The sandbox provider's page: pick a demo bank, or what became of this connection. */
export async function getSandboxConnection(deps: Pick<Deps, 'prisma' | 'config' | 'now'>, _actor: Actor, input: { clientId: string }): Promise<SandboxPage> {
  return sandboxPageOf(deps, await loadSandboxConnection(deps, input.clientId));
}
