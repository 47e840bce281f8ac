import type { ReactNode } from 'react';
import { StatusBadge } from '@lending/ui';

interface Flags {
  is_blacklisted: boolean;
  has_insolvency: boolean;
  has_execution: boolean;
  is_internal: boolean;
}

/** The warnings staff must not miss about a person, as labelled badges. */
export function PersonFlags({ person, empty = '—' }: { person: Flags; empty?: ReactNode }) {
  const flags = [
    person.is_blacklisted && <StatusBadge key="blacklist" label="Černá listina" tone="danger" />,
    person.has_insolvency && <StatusBadge key="insolvency" label="Insolvence" tone="danger" />,
    person.has_execution && <StatusBadge key="execution" label="Exekuce" tone="warning" />,
    person.is_internal && <StatusBadge key="internal" label="Interní" tone="info" />,
  ].filter(Boolean);
  return flags.length ? <span className="badges">{flags}</span> : <>{empty}</>;
}
