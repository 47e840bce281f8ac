import type { Deps } from '../../deps.ts';
import type { CadastreProvider } from './cadastre-provider.ts';
import { SandboxCadastre } from './sandbox-cadastre.ts';
import { WsdpCadastre } from './wsdp-cadastre.ts';

export * from './cadastre-provider.ts';
export { parseExtract, serializeExtract, MAX_EXTRACT_BYTES } from './parse-extract.ts';
export { findSandboxLv, SandboxCadastre, sandboxExternalId, sandboxExtractData, sandboxPrice, sandboxTerritories } from './sandbox-cadastre.ts';
export { WsdpCadastre, type WsdpCadastreOptions } from './wsdp-cadastre.ts';

const instances = new WeakMap<Deps['config'], CadastreProvider>();

/** The cadastre the configuration chooses (CADASTRE_PROVIDER; the sandbox by default). */
export function cadastreFor(deps: Pick<Deps, 'config'>): CadastreProvider {
  let cadastre = instances.get(deps.config);
  if (!cadastre) {
    const { CADASTRE_PROVIDER, WSDP_URL, WSDP_USERNAME, WSDP_PASSWORD, CADASTRE_TIMEOUT_MS } = deps.config;
    if (CADASTRE_PROVIDER === 'wsdp') {
      if (!WSDP_USERNAME || !WSDP_PASSWORD) throw new Error('CADASTRE_PROVIDER=wsdp needs WSDP_USERNAME and WSDP_PASSWORD.');
      cadastre = new WsdpCadastre({ url: WSDP_URL, username: WSDP_USERNAME, password: WSDP_PASSWORD, timeoutMs: CADASTRE_TIMEOUT_MS });
    } else {
      cadastre = new SandboxCadastre();
    }
    instances.set(deps.config, cadastre);
  }
  return cadastre;
}
