import type { ReactNode } from 'react';

/**
 * The scroll box of a table wider than the screen: a region named by the table, reachable with
 * Tab, so keyboard users scroll it with the arrow keys (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  // A scrollable region must take focus to be scrolled with the keyboard.
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
