import { foldForSearch } from '../../integrations/address/normalize.ts';

/** At most this many words of a search are matched (the rest are ignored). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of GET /persons/?search= as `persons.search_text` holds them: lower-case ASCII
 * without diacritics ("Nováková" → "novakova"). A query of digits only (spaces, '/', '+', '-'
 * allowed: "905101/1234", "+420 601 123 456") is one number: birth number, IČO or phone.
 * Each word must begin a word of the person's search text (see the migration *_persons_search).
 */
export function searchWords(query: string): string[] {
  const trimmed = query.trim();
  if (/\d/.test(trimmed) && /^[\d\s/+()-]+$/.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
    return digits ? [digits] : [];
  }
  return [...new Set(foldForSearch(trimmed).split(' ').filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}
