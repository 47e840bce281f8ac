import type { Deps } from '../../deps.ts';
import type { BankConnectionProvider } from './bank-connection-provider.ts';
import { SandboxBankConnectionProvider } from './sandbox-bank-connection.ts';

export * from './bank-connection-provider.ts';
export { SANDBOX_BANKS, SANDBOX_HISTORY_DAYS, sandboxAccount, type SandboxBank } from './sandbox-bank-connection.ts';

const instances = new WeakMap<Deps['config'], BankConnectionProvider>();

/**
 * The provider the configuration chooses: our own sandbox page, or null when online connection
 * is off (BANK_CONNECTION_PROVIDER=none; applicants upload statements as files).
 */
export function bankConnectionProviderFor(deps: Pick<Deps, 'config'>): BankConnectionProvider | null {
  if (deps.config.BANK_CONNECTION_PROVIDER === 'none') return null;
  let provider = instances.get(deps.config);
  if (!provider) {
    provider = new SandboxBankConnectionProvider(deps.config.PUBLIC_URL);
    instances.set(deps.config, provider);
  }
  return provider;
}
