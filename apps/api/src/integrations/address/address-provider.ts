import type { AddressSuggestRequest, AddressSuggestResponse } from '@lending/contracts';

/** An address whisperer: SmartForm's request in, SmartForm's answer out. */
export interface AddressProvider {
  /** Never throws for an outside failure: answers resultCode FAIL with a Czech errorMessage. */
  suggest(request: AddressSuggestRequest): Promise<AddressSuggestResponse>;
}

export const failed = (request: AddressSuggestRequest, errorMessage: string): AddressSuggestResponse => ({
  resultCode: 'FAIL',
  errorMessage,
  id: request.id ?? null,
  suggestions: [],
});
