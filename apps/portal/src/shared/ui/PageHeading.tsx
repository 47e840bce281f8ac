import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** True once the applicant moved from the page they opened: then each new page's h1 takes focus. */
export const NavigatedContext = createContext(false);

export function PageHeading({ children, id = 'page-title' }: { children: ReactNode; id?: string }) {
  const navigated = useContext(NavigatedContext);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (navigated) ref.current?.focus();
    // Only when the page appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h1 id={id} ref={ref} tabIndex={-1} className="step-title">
      {children}
    </h1>
  );
}
