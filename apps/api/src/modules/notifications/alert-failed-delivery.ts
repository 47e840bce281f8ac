import { NotificationChannel } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { queueStaffAlert } from './queue-staff-alert.ts';

/** A message to a debtor or applicant that failed for good is announced to staff on Slack (never a Slack message's own failure). */
export async function alertFailedDelivery(deps: Pick<Deps, 'config'>, tx: Prisma.TransactionClient, id: number, reason: string | null): Promise<void> {
  const row = await tx.notification.findUniqueOrThrow({ where: { id }, select: { type: true, recipient: true, name: true } });
  if (row.type === 'SLACK') return;
  await queueStaffAlert(deps, tx, {
    name: 'delivery_failed',
    text: `Zprávu č. ${id} (${NotificationChannel.labels[row.type]}, ${row.name}) pro ${row.recipient} se nepodařilo doručit: ${reason ?? 'bez udání důvodu'}`,
    entityType: 'Notification',
    entityId: id,
  });
}
