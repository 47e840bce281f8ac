import { z } from 'zod';
import { CompanyRegisterUnavailable, type CompanyLookup, type CompanyRegister } from './company-register.ts';

const aresSubject = z.object({
  ico: z.string(),
  obchodniJmeno: z.string(),
  sidlo: z.object({ textovaAdresa: z.string().optional() }).optional(),
});

/**
 * ARES REST API (ares.gov.cz): GET {base}/ekonomicke-subjekty/{ico} answers the subject, or
 * 404 when no subject has that IČO.
 */
export class AresCompanyRegister implements CompanyRegister {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  constructor(baseUrl: string, timeoutMs = 5000) {
    this.baseUrl = baseUrl;
    this.timeoutMs = timeoutMs;
  }

  async lookup(companyId: string): Promise<CompanyLookup> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/$/, '')}/ekonomicke-subjekty/${encodeURIComponent(companyId)}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new CompanyRegisterUnavailable(`ARES unreachable: ${(error as Error).message}`);
    }
    if (response.status === 404) return { found: false, companyId };
    if (!response.ok) throw new CompanyRegisterUnavailable(`ARES answered ${response.status}`);
    const parsed = aresSubject.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CompanyRegisterUnavailable('ARES answered an unexpected document');
    return { found: true, companyId, name: parsed.data.obchodniJmeno, address: parsed.data.sidlo?.textovaAdresa ?? null };
  }
}
