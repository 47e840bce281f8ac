import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type UrlStatePatch<K extends string> = Partial<Record<K, string | readonly string[] | null | undefined>>;

export interface UrlState<K extends string> {
  /** Every key, '' when absent. Multi-value filters are comma lists ("NEW,CLOSED"). */
  values: Record<K, string>;
  /** The query of just these keys: a stable React key for forms that must follow the URL. */
  search: string;
  /** Changes some keys; any change but a page turn goes back to page 1. */
  update: (patch: UrlStatePatch<K>) => void;
}

/**
 * List state (filters, ordering, page) kept in the URL query, so reload, bookmarks and the
 * browser's back and forward buttons all restore the same list. Each change is a new
 * history entry; empty values are dropped so URLs stay short.
 */
export function useUrlState<K extends string>(keys: readonly K[]): UrlState<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyList = keys.join('|');

  const values = useMemo(() => {
    const result = {} as Record<K, string>;
    for (const key of keyList.split('|') as K[]) result[key] = searchParams.get(key) ?? '';
    return result;
  }, [searchParams, keyList]);

  const search = useMemo(() => {
    const own = new URLSearchParams();
    for (const key of keyList.split('|')) {
      const value = searchParams.get(key);
      if (value) own.set(key, value);
    }
    return own.toString();
  }, [searchParams, keyList]);

  const update = useCallback(
    (patch: UrlStatePatch<K>) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, raw] of Object.entries(patch) as [K, UrlStatePatch<K>[K]][]) {
          const value = Array.isArray(raw) ? raw.join(',') : (raw as string | null | undefined);
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  return { values, search, update };
}

/** A positive integer from the URL, or the fallback for anything else. */
export function positiveInt(value: string, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
