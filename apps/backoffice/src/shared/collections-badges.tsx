import { NoticeState, NotificationChannel, NotificationState, PromiseState } from '@lending/contracts';
import { type BadgeTone, StatusBadge } from '@lending/ui';

// The states of collections (docs/decisions/0048) as coloured labels, shared by the deal's
// "Upomínky" tab and the collections screens; the colour only repeats what the text says.

const NOTICE_TONES: Record<NoticeState, BadgeTone> = { PREPARED: 'info', SENT: 'success', FAILED: 'danger', CANCELLED: 'neutral' };
const NOTIFICATION_TONES: Record<NotificationState, BadgeTone> = { PENDING: 'warning', SENT: 'success', FAILED: 'danger', SANDBOX: 'neutral' };
const PROMISE_TONES: Record<PromiseState, BadgeTone> = { OPEN: 'info', KEPT: 'success', BROKEN: 'danger', CANCELLED: 'neutral' };

export function NoticeStateBadge({ state }: { state: NoticeState }) {
  return <StatusBadge label={NoticeState.labels[state]} tone={NOTICE_TONES[state]} />;
}

export function NotificationStateBadge({ state }: { state: NotificationState }) {
  return <StatusBadge label={NotificationState.labels[state]} tone={NOTIFICATION_TONES[state]} />;
}

export function PromiseStateBadge({ state }: { state: PromiseState }) {
  return <StatusBadge label={PromiseState.labels[state]} tone={PROMISE_TONES[state]} />;
}

/** "E-mail, Pošta": channels in Czech. */
export function channelsText(channels: readonly NotificationChannel[]): string {
  return channels.map((channel) => NotificationChannel.labels[channel]).join(', ');
}
