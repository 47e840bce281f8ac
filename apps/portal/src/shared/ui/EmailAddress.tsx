import { Fragment } from 'react';

/**
 * An e-mail address that wraps only between its parts: after "@" and before each "." (a
 * browser otherwise breaks a long address anywhere, mid-word).
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
