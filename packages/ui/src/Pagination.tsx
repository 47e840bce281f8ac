import { useId } from 'react';
import { formatNumber } from './format';

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** What the list holds, for the accessible name ("Stránkování žádostí"). */
  label?: string;
}

/** Pages around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, value] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) result.push('gap');
    result.push(value);
  }
  return result;
}

export function Pagination({ page, pageSize, count, onPageChange, onPageSizeChange, label = 'Stránkování' }: PaginationProps) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, count);

  return (
    <div className="pagination">
      <p className="pagination__summary">
        {count === 0
          ? 'Žádné záznamy'
          : `Zobrazeno ${formatNumber(from)}–${formatNumber(to)} z ${formatNumber(count)}`}
      </p>
      {pageCount > 1 && (
        <nav aria-label={label}>
          <ul className="pagination__pages">
            <li>
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
                Předchozí<span className="visually-hidden"> strana</span>
              </button>
            </li>
            {pageWindow(page, pageCount).map((item, index) =>
              item === 'gap' ? (
                <li key={`gap-${index}`} aria-hidden="true" className="pagination__gap">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    className={item === page ? 'pagination__page pagination__page--current' : 'pagination__page'}
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={`Strana ${item}`}
                    onClick={() => onPageChange(item)}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className="button button--secondary"
                disabled={page >= pageCount}
                onClick={() => onPageChange(page + 1)}
              >
                Další<span className="visually-hidden"> strana</span>
              </button>
            </li>
          </ul>
        </nav>
      )}
      {onPageSizeChange && (
        <div className="pagination__size">
          <label htmlFor={sizeId}>Záznamů na stránku</label>
          <select id={sizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
