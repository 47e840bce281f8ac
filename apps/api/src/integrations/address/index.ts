import type { Deps } from '../../deps.ts';
import type { AddressProvider } from './address-provider.ts';
import { BundledAddressProvider } from './bundled-address-provider.ts';
import { SmartformAddressProvider } from './smartform-address-provider.ts';

export type { AddressProvider } from './address-provider.ts';
export { BundledAddressProvider } from './bundled-address-provider.ts';
export { SmartformAddressProvider } from './smartform-address-provider.ts';
export { loadBundledAddresses } from './load-bundled-addresses.ts';

const providers = new WeakMap<Deps, AddressProvider>();

/** The address whisperer chosen by ADDRESS_PROVIDER, one per deps object. */
export function addressProviderFor(deps: Pick<Deps, 'config' | 'prisma' | 'logger'>): AddressProvider {
  let provider = providers.get(deps as Deps);
  if (!provider) {
    const { config } = deps;
    provider =
      config.ADDRESS_PROVIDER === 'smartform'
        ? new SmartformAddressProvider({
            url: config.SMARTFORM_URL,
            clientId: config.SMARTFORM_CLIENT_ID,
            password: config.SMARTFORM_PASSWORD,
            logger: deps.logger.child({ integration: 'smartform' }),
          })
        : new BundledAddressProvider(deps.prisma);
    providers.set(deps as Deps, provider);
  }
  return provider;
}
