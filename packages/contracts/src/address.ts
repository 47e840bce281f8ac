import { z, REQUIRED_MESSAGE } from './zod-config.ts';
import { AddressSuggestionValue } from './enums.ts';

// POST /api/v1/address/suggest speaks the request and answer of the SmartForm (smartform.cz)
// address whisperer ("našeptávač"), so the portal can talk to it or to SmartForm alike:
// request {id, fieldType, values{FIELD: text}, country, limit}, answer {resultCode,
// errorMessage, id, suggestions[{fieldType, wholeAddress, values{FIELD: text}}]}.

export const ADDRESS_COUNTRIES = ['CZ', 'SK'] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];
export const ADDRESS_SUGGEST_DEFAULT_LIMIT = 10;
export const ADDRESS_SUGGEST_MAX_LIMIT = 20;
export const ADDRESS_VALUE_MAX_LENGTH = 200;

const upperCase = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

/** The request's own identifier, echoed in the answer (SmartForm uses an integer). */
export const addressSuggestId = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(100)]);

export const addressSuggestRequest = z
  .object({
    id: addressSuggestId.optional(),
    fieldType: AddressSuggestionValue.schema,
    values: z.partialRecord(
      AddressSuggestionValue.schema,
      z.string().trim().max(ADDRESS_VALUE_MAX_LENGTH, `Zadejte nejvýše ${ADDRESS_VALUE_MAX_LENGTH} znaků.`),
    ),
    country: z.preprocess(upperCase, z.enum(ADDRESS_COUNTRIES, 'Podporované země jsou CZ a SK.')).default('CZ'),
    limit: z
      .number()
      .int('Zadejte celé číslo.')
      .min(1, 'Zadejte číslo od 1 do 20.')
      .max(ADDRESS_SUGGEST_MAX_LIMIT, 'Zadejte číslo od 1 do 20.')
      .default(ADDRESS_SUGGEST_DEFAULT_LIMIT),
  })
  .superRefine((request, ctx) => {
    // The field being edited must be among the values sent (it may be empty).
    if (request.values[request.fieldType] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['values', request.fieldType], message: REQUIRED_MESSAGE });
    }
  });
export type AddressSuggestRequest = z.infer<typeof addressSuggestRequest>;
export type AddressSuggestRequestInput = z.input<typeof addressSuggestRequest>;

/** Values of one suggestion: the parts that apply to it; providers may add more keys (e.g. SmartForm's PART). */
export const addressSuggestionValues = z
  .object({
    WHOLE_ADDRESS: z.string(),
    STREET: z.string().optional(),
    NUMBER: z.string().optional(),
    STREET_AND_NUMBER: z.string().optional(),
    CITY: z.string().optional(),
    ZIP: z.string().optional(),
    DISTRICT: z.string().optional(),
    REGION: z.string().optional(),
  })
  .catchall(z.string());
export type AddressSuggestionValues = z.infer<typeof addressSuggestionValues>;

export const addressSuggestion = z.object({
  /** The field this suggestion fills (SmartForm's fieldType). */
  fieldType: AddressSuggestionValue.schema.optional(),
  /** True when the suggestion is a complete address (street or town, number, ZIP, town). */
  wholeAddress: z.boolean().optional(),
  values: addressSuggestionValues,
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

export const ADDRESS_RESULT_CODES = ['OK', 'FAIL'] as const;
export const addressSuggestResponse = z.object({
  resultCode: z.enum(ADDRESS_RESULT_CODES),
  /** Why the search failed (resultCode FAIL), in Czech; null when it succeeded. */
  errorMessage: z.string().nullable(),
  id: addressSuggestId.nullable(),
  suggestions: z.array(addressSuggestion),
});
export type AddressSuggestResponse = z.infer<typeof addressSuggestResponse>;
