import type { FormEvent, ReactNode } from 'react';

/**
 * The filter form above a list: a search landmark whose fields apply together on "Hledat"
 * (Enter in any field too), so the list and its URL change once per search, not per keystroke.
 */
export function FilterBar({
  label,
  onSubmit,
  onReset,
  children,
}: {
  label: string;
  onSubmit: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
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
      <div className="filter-bar__actions">
        <button type="submit" className="button">
          Hledat
        </button>
        <button type="button" className="button button--secondary" onClick={onReset}>
          Zrušit filtry
        </button>
      </div>
    </form>
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
