/** The public register of companies and tradespeople (ARES): who an IČO belongs to. */
export interface CompanyRegister {
  lookup(companyId: string): Promise<CompanyLookup>;
}

export type CompanyLookup = { found: true; companyId: string; name: string; address: string | null } | { found: false; companyId: string };

/** The register could not be asked (down, timing out, answering nonsense). */
export class CompanyRegisterUnavailable extends Error {}
