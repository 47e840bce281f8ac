import { useEffect, useRef } from 'react';

export interface SummaryItem {
  /** Id of the control the message belongs to; the link moves focus there. */
  fieldId?: string;
  message: string;
}

/**
 * The list of what is wrong, above the form (GOV.UK error summary). It takes focus when it
 * appears so keyboard and screen-reader users land on it, and links to each field.
 */
export function ErrorSummary({ items, title = 'Opravte prosím tyto chyby:' }: { items: readonly SummaryItem[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = items.map((item) => `${item.fieldId ?? ''}:${item.message}`).join('|');

  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  if (items.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1}>
      <p className="error-summary__title">{title}</p>
      <ul>
        {items.map((item, index) => (
          <li key={index}>
            {item.fieldId ? (
              <a
                href={`#${item.fieldId}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(item.fieldId as string)?.focus();
                }}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
