import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FigureProps {
  /** "91+ dní", "Nespárované platby" */
  label: string;
  /** The figure itself, formatted ("12 obchodů", "1 234 567,89 Kč"). */
  value: string;
  /** A second figure or what the first means ("7,3 % dluhu"). */
  note?: ReactNode;
  /** The list behind the figure, filtered (links.ts). */
  to: string;
}

/**
 * One figure of the dashboard as a link to the list behind it. The whole tile is the link, so its
 * accessible name carries the figure too ("91+ dní 12 obchodů 1 234 Kč"), not only its label.
 */
export function Figure({ label, value, note, to }: FigureProps) {
  return (
    <li className="figure">
      <Link to={to} className="figure__link">
        <span className="figure__label">{label}</span>{' '}
        <span className="figure__value">{value}</span>
        {note !== undefined && (
          <>
            {' '}
            <span className="figure__note">{note}</span>
          </>
        )}
      </Link>
    </li>
  );
}

/** A group of figures: a list, named by what it counts. */
export function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="figures" aria-label={label}>
      {children}
    </ul>
  );
}
