import { createHash } from 'node:crypto';
import type { CompanyLookup, CompanyRegister } from './company-register.ts';

const NAMES = ['Stavby', 'Truhlářství', 'Autoservis', 'Pekárna', 'Zahradnictví', 'Elektro', 'Kovovýroba', 'Účetnictví', 'Doprava', 'Instalatérství'];
const SURNAMES = ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Marek'];
const TOWNS = ['Brno', 'Praha', 'Olomouc', 'Plzeň', 'Liberec', 'Zlín', 'Jihlava', 'Tábor'];

/**
 * Offline stand-in for ARES: every IČO with a valid check digit exists, except those starting
 * with 99, which the sandbox treats as unknown (so tests and demos can exercise "not found").
 * Names and seats are derived from the number, so the same IČO always answers the same.
 */
export class SandboxCompanyRegister implements CompanyRegister {
  async lookup(companyId: string): Promise<CompanyLookup> {
    if (companyId.startsWith('99')) return { found: false, companyId };
    const h = createHash('sha256').update(companyId).digest();
    const name = `${NAMES[h[0]! % NAMES.length]} ${SURNAMES[h[1]! % SURNAMES.length]} s.r.o.`;
    const address = `Hlavní ${(h[2]! % 200) + 1}, ${TOWNS[h[3]! % TOWNS.length]}`;
    return { found: true, companyId, name, address };
  }
}
