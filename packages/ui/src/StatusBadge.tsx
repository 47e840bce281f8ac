export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A state shown as a coloured label; the colour only repeats what the text says. */
export function StatusBadge({ label, tone = 'neutral' }: { label: string; tone?: BadgeTone }) {
  return <span className={`badge badge--${tone}`}>{label}</span>;
}

/** Tones of the states the back-office shows; unknown states stay neutral. */
const tones: Record<string, BadgeTone> = {
  NEW: 'info',
  IN_PROGRESS: 'warning',
  PENDING: 'neutral',
  OFFER_SENT: 'info',
  OFFER_ACCEPTED: 'success',
  CONVERTED: 'success',
  CLOSED: 'neutral',
  FINISHED: 'success',
  FAILED: 'danger',
  SENT: 'success',
  SANDBOX: 'neutral',
  ACTIVE: 'warning',
  SUSPENDED: 'neutral',
};

export function toneOf(state: string | null | undefined): BadgeTone {
  return (state && tones[state]) || 'neutral';
}
