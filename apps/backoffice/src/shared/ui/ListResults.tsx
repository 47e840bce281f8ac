import type { Page } from '@lending/api-client';
import { type Column, DataTable, DEFAULT_PAGE_SIZE, Pagination } from '@lending/ui';
import type { UrlStatePatch } from './useUrlState';

export interface ListTexts {
  /** "Seznam žádostí": the table's (hidden) caption. */
  caption: string;
  /** "Žádosti se nepodařilo načíst." */
  error: string;
  /** "Načítám žádosti…" */
  loading: string;
  /** "Žádné žádosti neodpovídají filtru." */
  empty: string;
  /** "Stránkování žádostí" */
  pagination: string;
}

/**
 * The body of a list screen whose ordering and page live in the URL: loading, error (with
 * retry), empty, or the sortable table with its pagination.
 */
export function ListResults<T>({
  list,
  columns,
  rowKey,
  ordering,
  page,
  pageSize,
  update,
  texts,
}: {
  list: { data?: Page<T>; error?: unknown; isLoading: boolean; mutate: () => unknown };
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  ordering: string;
  page: number;
  pageSize: number;
  update: (patch: UrlStatePatch<'ordering' | 'page' | 'page_size'>) => void;
  texts: ListTexts;
}) {
  const { data, error, isLoading } = list;
  const table = (
    <DataTable
      caption={texts.caption}
      captionHidden
      columns={columns}
      rows={data?.results}
      rowKey={rowKey}
      ordering={ordering}
      onOrderingChange={(next) => update({ ordering: next })}
      error={error}
      onRetry={() => void list.mutate()}
      texts={texts}
    />
  );
  // Loading, failed or empty: the table's own states, without a pager.
  if (!data?.results.length) return table;
  return (
    <div className="card" aria-busy={isLoading || undefined}>
      {table}
      <Pagination
        label={texts.pagination}
        page={page}
        pageSize={pageSize}
        count={data.count}
        onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
        onPageSizeChange={(size) => update({ page_size: size === DEFAULT_PAGE_SIZE ? null : String(size) })}
      />
    </div>
  );
}
