import { useMemo } from 'react';
import { useUrlState, type UrlStatePatch } from '../../../shared/ui/useUrlState';

/**
 * A tab's list state in the deal page's URL, under its own prefix (`claims.type=FEE`): the deal
 * page keeps `tab` and every tab's lists in one query, so names like `type` or `page` must not
 * meet another tab's. Any change but a page turn goes back to page 1, as in useUrlState.
 */
export function useTabUrlState<K extends string>(prefix: string, keys: readonly K[]) {
  const prefixed = useMemo(() => keys.map((key) => `${prefix}.${key}`), [prefix, keys]);
  const state = useUrlState(prefixed);
  const values = Object.fromEntries(keys.map((key) => [key, state.values[`${prefix}.${key}`] ?? ''])) as Record<K, string>;
  const update = (patch: UrlStatePatch<K>) => {
    const own: UrlStatePatch<string> = 'page' in patch ? {} : { [`${prefix}.page`]: null };
    for (const [key, value] of Object.entries(patch) as [K, UrlStatePatch<K>[K]][]) own[`${prefix}.${key}`] = value;
    state.update(own);
  };
  return { values, search: state.search, update };
}
