import type { Deps } from '../../deps.ts';
import { HttpScreeningProvider } from './http-screening-provider.ts';
import { SandboxScreeningProvider } from './sandbox-screening-provider.ts';
import type { ScreeningProvider } from './screening-provider.ts';

export * from './screening-provider.ts';

const instances = new WeakMap<Deps['config'], ScreeningProvider>();

/** The screening provider the configuration chooses (sandbox by default). */
export function screeningProviderFor(deps: Pick<Deps, 'config'>): ScreeningProvider {
  let provider = instances.get(deps.config);
  if (!provider) {
    const { SCREENING_PROVIDER, SCREENING_HTTP_URL, SCREENING_HTTP_TOKEN, SCREENING_HTTP_TIMEOUT_MS } = deps.config;
    if (SCREENING_PROVIDER === 'http') {
      if (!SCREENING_HTTP_URL) throw new Error('SCREENING_PROVIDER=http needs SCREENING_HTTP_URL.');
      provider = new HttpScreeningProvider({ baseUrl: SCREENING_HTTP_URL, token: SCREENING_HTTP_TOKEN, timeoutMs: SCREENING_HTTP_TIMEOUT_MS });
    } else {
      provider = new SandboxScreeningProvider();
    }
    instances.set(deps.config, provider);
  }
  return provider;
}
