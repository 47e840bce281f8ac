import type { Deps } from '../../deps.ts';
import type { BankConnectionProvider } from './bank-connection-provider.ts';
import { SandboxBankConnectionProvider } from './sandbox-bank-connection.ts';

export * from './bank-connection-provider.ts';
export { SANDBOX_BANKS, SANDBOX_HISTORY_DAYS, sandboxAccount, type SandboxBank } from './sandbox-bank-connection.ts';

const instances = new WeakMap<Deps['config'], BankConnectionProvider>();

/** The provider the configuration chooses: so far only our own sandbox page. */
export function bankConnectionProviderFor(deps: Pick<Deps, 'config'>): BankConnectionProvider {
  let provider = instances.get(deps.config);
  if (!provider) {
    provider = new SandboxBankConnectionProvider(deps.config.PUBLIC_URL);
    instances.set(deps.config, provider);
  }
  return provider;
}
