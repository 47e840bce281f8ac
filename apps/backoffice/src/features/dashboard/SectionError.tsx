import { errorMessage } from '@lending/api-client';

/**
 * A section whose figures did not load. Not an alert (ErrorState): the dashboard opens with every
 * section at once, and a failure found on opening is no change to interrupt a screen reader with;
 * it reads in place, with its way to try again.
 */
export function SectionError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  return (
    <div className="state state--error">
      <p className="state__title">{title}</p>
      <p>{errorMessage(error)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Zkusit znovu
      </button>
    </div>
  );
}
