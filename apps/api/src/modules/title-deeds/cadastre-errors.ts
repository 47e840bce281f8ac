import { realtyMessages } from '@lending/contracts';
import { invalid, unavailable } from '../../domain/errors.ts';
import { CadastreError } from '../../integrations/cadastre/cadastre-provider.ts';

/**
 * Runs a cadastre call, turning its failures into domain errors: an unknown territory or LV is
 * the staff's input (400 at the field), the cadastre away or refusing is a 503 with its reason.
 */
export async function askCadastre<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof CadastreError)) throw error;
    if (error.kind === 'NOT_FOUND') throw invalid({ code: [error.message || realtyMessages.lvNotFound] });
    throw unavailable(error.kind === 'UNAVAILABLE' ? realtyMessages.cadastreUnavailable : error.message, error.kind === 'UNAVAILABLE' ? 60 : undefined);
  }
}
