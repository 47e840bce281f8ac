import type { Page } from '../page';
import { DataTable, type Column } from './DataTable';
import { DEFAULT_PAGE_SIZE, Pagination } from './Pagination';
import { EmptyState, ErrorState, Loading } from './States';
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
  if (error && !data) return <ErrorState error={error} onRetry={() => void list.mutate()} title={texts.error} />;
  if (!data) return isLoading ? <Loading label={texts.loading} /> : null;
  if (data.results.length === 0) return <EmptyState>{texts.empty}</EmptyState>;
  return (
    <div className="card" aria-busy={isLoading || undefined}>
      <DataTable caption={texts.caption} captionHidden columns={columns} rows={data.results} rowKey={rowKey} ordering={ordering} onOrderingChange={(next) => update({ ordering: next })} />
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
