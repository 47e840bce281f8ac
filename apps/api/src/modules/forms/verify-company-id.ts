import { formMessages } from '@lending/contracts';
import { invalid, unavailable } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { companyRegisterFor, CompanyRegisterUnavailable } from '../../integrations/company-register/index.ts';

export const COMPANY_REGISTER_DOWN = 'Registr ekonomických subjektů je dočasně nedostupný. Zkuste to prosím za chvíli.';

/**
 * Checks an IČO in the company register. Unknown → 400 with the Czech message at `field` and a
 * `detail` saying "not found" (what the portal looks for); register down → 503.
 */
export async function verifyCompanyId(deps: Pick<Deps, 'config'>, companyId: string, field: string): Promise<{ name: string }> {
  let result;
  try {
    result = await companyRegisterFor(deps).lookup(companyId);
  } catch (error) {
    if (error instanceof CompanyRegisterUnavailable) throw unavailable(COMPANY_REGISTER_DOWN);
    throw error;
  }
  if (!result.found) {
    throw invalid({ [field]: [formMessages.companyIdNotFound(companyId)] }, { detail: `Company id ${companyId} not found` });
  }
  return { name: result.name };
}
