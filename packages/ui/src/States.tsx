import type { ReactNode } from 'react';
import { errorMessage } from '@lending/api-client';

/** A polite "loading" note; screen readers hear it once, sighted users see it in place. */
export function Loading({ label = 'Načítám…' }: { label?: string }) {
  return (
    <p className="state state--loading" role="status">
      {label}
    </p>
  );
}

export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div className="state state--error" role="alert">
      {title && <p className="state__title">{title}</p>}
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Zkusit znovu
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="state state--empty">{children}</p>;
}
