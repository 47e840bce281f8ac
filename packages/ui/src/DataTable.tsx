import { TableScroll } from './TableScroll';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Loading } from './States';

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The API's `ordering` field; columns with one get a sort button. */
  sortKey?: string;
  /** Right-aligned, tabular figures (amounts, counts). */
  numeric?: boolean;
  /** The cell that names the row for screen readers (<th scope="row">). */
  rowHeader?: boolean;
}

/** What the table says while it has no rows to show. */
export interface TableTexts {
  /** "Načítám žádosti…" */
  loading?: string;
  /** "Žádné žádosti neodpovídají filtru." */
  empty?: string;
  /** "Žádosti se nepodařilo načíst." */
  error?: string;
}

interface DataTableProps<T> {
  caption: string;
  /** Keep the caption for screen readers only (a heading above says the same). */
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  /** undefined: not loaded yet (the loading state, or the error state when `error` is set). */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** DRF ordering: `field` or `-field`. */
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  /** A failed load; shown instead of the table while there are no rows to keep on screen. */
  error?: unknown;
  onRetry?: () => void;
  texts?: TableTexts;
}

/** Ascending first; the same column again flips the direction. */
export function nextOrdering(current: string | undefined, sortKey: string): string {
  return current === sortKey ? `-${sortKey}` : sortKey;
}

function sortState(ordering: string | undefined, sortKey: string): 'ascending' | 'descending' | undefined {
  if (ordering === sortKey) return 'ascending';
  if (ordering === `-${sortKey}`) return 'descending';
  return undefined;
}

/**
 * A table whose sortable headers are buttons bound to the API's `ordering` (reached and
 * pressed with the keyboard like any button); the sorted column carries aria-sort, as the ARIA
 * sortable-table pattern describes. Before its rows arrive it is a loading note, after a failed
 * load an alert with "Zkusit znovu", and without rows the empty text.
 */
export function DataTable<T>({ caption, captionHidden, columns, rows, rowKey, ordering, onOrderingChange, error, onRetry, texts = {} }: DataTableProps<T>) {
  if (!rows) return error ? <ErrorState error={error} onRetry={onRetry} title={texts.error} /> : <Loading label={texts.loading} />;
  if (rows.length === 0) return <EmptyState>{texts.empty ?? 'Žádné záznamy.'}</EmptyState>;
  return (
    <TableScroll label={caption}>
      <table className="table">
        <caption className={captionHidden ? 'visually-hidden' : 'table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey ? sortState(ordering, column.sortKey) : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={sorted} className={column.numeric ? 'table__numeric' : undefined}>
                  {column.sortKey && onOrderingChange ? (
                    <button type="button" className="table__sort" onClick={() => onOrderingChange(nextOrdering(ordering, column.sortKey as string))}>
                      {column.header}
                      <span aria-hidden="true" className="table__sort-icon">
                        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.numeric ? 'table__numeric' : undefined}>
                    {column.render(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'table__numeric' : undefined}>
                    {column.render(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
