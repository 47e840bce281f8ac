import { BreachType, DealState, DpdBucket } from '@lending/contracts';
import { type BadgeTone, pluralize, StatusBadge } from '@lending/ui';

// The deal's state, days past due and breaches as coloured labels; the colour only repeats
// what the text says (SERVICING.md §4 buckets: the later, the darker the warning).

const STATE_TONES: Record<DealState, BadgeTone> = {
  NEW_APPLICATION: 'info',
  CONTRACT_COMPLETION: 'info',
  CONTRACT_SIGN: 'info',
  ACTIVE: 'success',
  FILED_FOR_INSOLVENCY: 'danger',
  CLOSED: 'neutral',
  CLOSED_APPLICATION: 'neutral',
};

export function DealStateBadge({ state }: { state: DealState }) {
  return <StatusBadge label={DealState.labels[state]} tone={STATE_TONES[state]} />;
}

const DPD_TONES: Record<DpdBucket, BadgeTone> = {
  '0': 'success',
  '1-30': 'info',
  '31-60': 'warning',
  '61-90': 'danger',
  '91+': 'danger',
};

/** "45 dní po splatnosti" (shorter in tables), toned by its bucket; the bucket's name is its tooltip. */
export function DpdBadge({ days, bucket, short = false }: { days: number; bucket: DpdBucket; short?: boolean }) {
  const label = days === 0 ? 'Bez prodlení' : short ? pluralize(days, 'den', 'dny', 'dní') : `${pluralize(days, 'den', 'dny', 'dní')} po splatnosti`;
  return (
    <span title={DpdBucket.labels[bucket]}>
      <StatusBadge label={label} tone={DPD_TONES[bucket]} />
    </span>
  );
}

/** The open breaches, or nothing. */
export function BreachBadges({ types }: { types: readonly BreachType[] }) {
  if (types.length === 0) return null;
  return (
    <span className="badges">
      {types.map((type) => (
        <StatusBadge key={type} label={BreachType.labels[type]} tone="danger" />
      ))}
    </span>
  );
}
