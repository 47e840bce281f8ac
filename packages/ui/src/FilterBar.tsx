import { useId, useState, type FormEvent, type ReactNode } from 'react';

/**
 * The filter form above a list: a search landmark whose fields apply together on "Hledat"
 * (Enter in any field too), so the list and its URL change once per search, not per keystroke.
 * Rarer filters go to `more`, behind "Další filtry", so the results stay in view.
 */
export function FilterBar({
  label,
  onSubmit,
  onReset,
  children,
  more,
  moreActive = 0,
  moreOpen = false,
}: {
  label: string;
  onSubmit: () => void;
  onReset: () => void;
  children: ReactNode;
  /** The filters behind "Další filtry". */
  more?: ReactNode;
  /** How many of them are in use (shown on the toggle). */
  moreActive?: number;
  /** Open them (e.g. one of them has an error to show). */
  moreOpen?: boolean;
}) {
  const moreId = useId();
  const [open, setOpen] = useState(false);
  const showMore = open || moreOpen;
  return (
    <form
      role="search"
      aria-label={label}
      className="card filter-bar"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="filter-bar__fields">{children}</div>
      {more && (
        <div id={moreId} className="filter-bar__fields filter-bar__more" hidden={!showMore}>
          {more}
        </div>
      )}
      <div className="filter-bar__actions">
        <button type="submit" className="button">
          Hledat
        </button>
        <button type="button" className="button button--secondary" onClick={onReset}>
          Zrušit filtry
        </button>
        {more && (
          <button type="button" className="button button--link" aria-expanded={showMore} aria-controls={moreId} onClick={() => setOpen(!showMore)}>
            {showMore ? 'Méně filtrů' : 'Další filtry'}
            {moreActive > 0 && ` (${moreActive})`}
          </button>
        )}
      </div>
    </form>
  );
}

export interface FilterChip {
  key: string;
  /** "Má exekuci: Ano" */
  label: string;
}

/** The filters in use, each a button that removes it (react-admin's active filters). */
export function ActiveFilters({ chips, onRemove }: { chips: readonly FilterChip[]; onRemove: (key: string) => void }) {
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Použité filtry">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button type="button" className="filter-chip" aria-label={`Odebrat filtr ${chip.label}`} onClick={() => onRemove(chip.key)}>
            {chip.label}
            <span aria-hidden="true" className="filter-chip__remove">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "Nalezeno 12 žádostí." for screen readers once a list has loaded (and after each search). */
export function ResultsAnnouncement({ message }: { message: string | null }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {message ?? ''}
    </p>
  );
}
