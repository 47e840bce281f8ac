import { detailResponse, fieldErrorsResponse } from '@lending/contracts';
import type { ResponseDoc } from './routes.ts';

// The error answers routes document (OpenAPI), written once (docs/decisions/0040).

/** 400: invalid input, Czech messages by field. */
export const badInput: Record<number, ResponseDoc> = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };

/** 404: what the path names does not exist. */
export const notFoundDoc = (what: string): Record<number, ResponseDoc> => ({ 404: { description: `No such ${what}`, schema: detailResponse } });

/** 409: refused by the data as it is (Czech reason). */
export const refusedDoc = (description = 'Refused by a business rule (Czech reason)'): Record<number, ResponseDoc> => ({ 409: { description, schema: detailResponse } });
