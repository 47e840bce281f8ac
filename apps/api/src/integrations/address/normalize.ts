/**
 * Search form of a text: lower-case ASCII without diacritics, anything but letters and digits
 * turned into single spaces ("Náměstí Míru 1234/5" → "namesti miru 1234 5"). The same folding
 * builds `addresses.search_text` and the query, so "namesti miru" finds "náměstí Míru".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// The same folding in SQL, for the columns (no unaccent extension needed). Upper case is
// translated too: lower() leaves Č alone in a database created with the C locale.
const FOLD_FROM = 'áäčďéěíĺľňóôŕřšťúůýžÁÄČĎÉĚÍĹĽŇÓÔŔŘŠŤÚŮÝŽ';
const FOLD_TO = 'aacdeeillnoorrstuuyzaacdeeillnoorrstuuyz';

/** SQL expression folding `expression` like {@link foldForSearch}. */
export function foldSql(expression: string): string {
  return `btrim(regexp_replace(lower(translate(${expression}, '${FOLD_FROM}', '${FOLD_TO}')), '[^a-z0-9]+', ' ', 'g'))`;
}

/**
 * Lower case without diacritics, nothing else changed ("Školní 12/3" → "skolni 12/3"), as the
 * generated column realties.search_key folds the address (lower(translate(…)) with the table
 * above; the migration 20261228100000 writes it out).
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
