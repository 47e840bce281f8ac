import { z } from './zod-config.ts';

export const searchMessages = {
  tooShort: 'Zadejte alespoň 2 znaky.',
} as const;

/** GET /search/?q=: deal number, contract number, variable symbol, name, birth number, IČO, e-mail or phone. */
export const searchQuery = z.object({
  q: z.string(searchMessages.tooShort).trim().min(2, searchMessages.tooShort).max(100),
});
export type SearchQuery = z.output<typeof searchQuery>;

const hit = z.object({
  kind: z.enum(['DEAL', 'PERSON']),
  id: z.number().int(),
  /** "Obchod #415 · SU-2025-0415", "Jana Nováková". */
  label: z.string(),
  /** What else identifies it: the debtor and state of a deal, the birth date or IČO of a person. */
  detail: z.string(),
});
export type SearchHit = z.infer<typeof hit>;

/** The header search's answer: a few deals and persons; `only` when exactly one thing matched (go straight there). */
export const searchResponse = z.object({
  deals: z.array(hit),
  persons: z.array(hit),
  /** More than shown, in the deals or persons lists (open the list with the same search). */
  more_deals: z.boolean(),
  more_persons: z.boolean(),
  only: hit.nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
