import { useEffect, useId, useRef, type Ref } from 'react';

export interface SummaryItem {
  /** Id of the control the message belongs to; the link moves focus there. */
  fieldId?: string;
  message: string;
  /**
   * The API refused the action itself (409 and the like: "Žadatel již nabídku přijal"): not
   * something to fix in the form, so it is an alert of its own, not an entry of the summary.
   */
  refusal?: boolean;
}

/** Field name → first message, in the order of the form's `[name, control id, label]` list. */
export function summaryItems(errors: Record<string, string | readonly string[] | undefined>, fields: readonly (readonly [name: string, id: string, label: string])[]): SummaryItem[] {
  const first = (value: string | readonly string[] | undefined) => (typeof value === 'string' ? value : value?.[0]);
  const known = fields.flatMap(([name, id, label]) => {
    const message = first(errors[name]);
    return message ? [{ fieldId: id, message: `${label}: ${message}` }] : [];
  });
  const other = Object.keys(errors)
    .filter((name) => !fields.some(([field]) => field === name))
    .flatMap((name) => {
      const message = first(errors[name]);
      return message ? [{ message }] : [];
    });
  return [...known, ...other];
}

/**
 * What is wrong, above the form (the GOV.UK error summary): each entry links to its field and
 * moves focus there. It takes focus when it appears, so keyboard and screen-reader users land
 * on it: whenever its messages change, or, with `focusKey`, at each change of the key (a submit
 * counter: errors found while typing must not pull focus away from the field being typed in).
 */
export function ErrorSummary({ items, title = 'Opravte prosím tyto chyby:', focusKey }: { items: readonly SummaryItem[]; title?: string; focusKey?: number }) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const signature = items.map((item) => `${item.fieldId ?? ''}:${item.message}`).join('|');
  const refusals = items.filter((item) => item.refusal);
  const errors = items.filter((item) => !item.refusal);
  const trigger = focusKey ?? signature;

  useEffect(() => {
    if (signature && (focusKey === undefined || focusKey > 0)) ref.current?.focus();
    // Only when the trigger changes: with a focusKey, new messages alone do not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trigger]);

  if (items.length === 0) return null;
  // Focus lands on the field errors when there are any (they need work), else on the refusal.
  return (
    <>
      {refusals.map((item, index) => (
        <p key={index} ref={errors.length === 0 && index === 0 ? (ref as Ref<HTMLParagraphElement>) : undefined} tabIndex={-1} className="alert" role="alert">
          {item.message}
        </p>
      ))}
      {errors.length > 0 && (
        <div ref={ref as Ref<HTMLDivElement>} className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
          <h2 id={titleId} className="error-summary__title">
            {title}
          </h2>
          <ul className="error-summary__list">
            {errors.map((item, index) => (
              <li key={index}>
                {item.fieldId ? (
                  <a
                    href={`#${item.fieldId}`}
                    onClick={(event) => {
                      event.preventDefault();
                      const target = document.getElementById(item.fieldId as string);
                      target?.focus();
                      target?.scrollIntoView?.({ block: 'center' });
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
