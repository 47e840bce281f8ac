import { useEffect, useRef } from 'react';

export interface SummaryItem {
  /** Id of the control the message belongs to; the link moves focus there. */
  fieldId?: string;
  message: string;
  /**
   * The API refused the action itself (409 and the like: "Žadatel již nabídku přijal"): not
   * something to fix in the form, so it is not listed under "Opravte prosím tyto chyby".
   */
  refusal?: boolean;
}

/**
 * What is wrong, above the form: a refusal of the action as an alert of its own, and the field
 * errors as the GOV.UK error summary linking to each field. It takes focus when it appears so
 * keyboard and screen-reader users land on it.
 */
export function ErrorSummary({ items, title = 'Opravte prosím tyto chyby:' }: { items: readonly SummaryItem[]; title?: string }) {
  const ref = useRef<HTMLElement>(null);
  const signature = items.map((item) => `${item.fieldId ?? ''}:${item.message}`).join('|');
  const refusals = items.filter((item) => item.refusal);
  const errors = items.filter((item) => !item.refusal);

  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  if (items.length === 0) return null;
  // Focus lands on the field errors when there are any (they need work), else on the refusal.
  return (
    <>
      {refusals.map((item, index) => (
        <p key={index} ref={errors.length === 0 && index === 0 ? (ref as React.Ref<HTMLParagraphElement>) : undefined} tabIndex={-1} className="alert" role="alert">
          {item.message}
        </p>
      ))}
      {errors.length > 0 && (
        <div ref={ref as React.Ref<HTMLDivElement>} className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__title">{title}</p>
          <ul>
            {errors.map((item, index) => (
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
      )}
    </>
  );
}
