import type { Deps } from '../../deps.ts';
import { AresCompanyRegister } from './ares-company-register.ts';
import type { CompanyRegister } from './company-register.ts';
import { SandboxCompanyRegister } from './sandbox-company-register.ts';

export * from './company-register.ts';

const instances = new WeakMap<Deps['config'], CompanyRegister>();

/** The company register the configuration chooses (sandbox by default). */
export function companyRegisterFor(deps: Pick<Deps, 'config'>): CompanyRegister {
  let register = instances.get(deps.config);
  if (!register) {
    register = deps.config.COMPANY_REGISTER === 'ares' ? new AresCompanyRegister(deps.config.ARES_URL) : new SandboxCompanyRegister();
    instances.set(deps.config, register);
  }
  return register;
}
