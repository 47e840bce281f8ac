import { Fragment } from 'react';

/**
 * An e-mail address that wraps only between its parts: after "@" and before each "." (a long
 * address otherwise breaks anywhere, mid-word, in a narrow column).
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
