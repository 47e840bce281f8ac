import { ErrorSummary as Summary, FieldFrame, summaryItems } from '@lending/ui';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldErrors } from '../validation';

export const ERROR_SUMMARY_TITLE = 'Opravte prosím chyby ve formuláři';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  suffix?: string;
}

/** A text input of the applicant's forms: any input attribute, a unit after it ("Kč"), a ref. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, value, onValueChange, error, hint, suffix, className, ...input },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {(aria) => {
        const control = (
          <input ref={ref} {...aria} className={`${aria.className} ${className ?? ''}`.trim()} value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
        );
        return suffix ? (
          <div className="input-with-suffix">
            {control}
            <span className="input-with-suffix__suffix" aria-hidden="true">
              {suffix}
            </span>
          </div>
        ) : (
          control
        );
      }}
    </FieldFrame>
  );
});

/**
 * The portal's error summary: each entry names its field ("Jméno: Pole je povinné"), in the
 * order of the form, and focus moves to it on each submit (`attempt`), never while typing.
 */
export function ErrorSummary({
  errors,
  fields,
  attempt,
}: {
  errors: FieldErrors;
  /** Field name → id of the element to focus and its label, in the order of the form. */
  fields: readonly (readonly [name: string, id: string, label: string])[];
  /** Changes on every submit. */
  attempt: number;
}) {
  return <Summary items={summaryItems(errors, fields)} title={ERROR_SUMMARY_TITLE} focusKey={attempt} />;
}
