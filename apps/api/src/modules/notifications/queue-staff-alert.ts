import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { queueNotification } from './queue-notification.ts';

/**
 * A message for staff on Slack (docs/decisions/0048): a breach on a large deal, a bank statement
 * that failed to import, a message to a debtor that could not be delivered. In the caller's
 * transaction; kept as SANDBOX when no webhook is configured (the outbox still shows it).
 */
export function queueStaffAlert(
  deps: Pick<Deps, 'config'>,
  db: Pick<Prisma.TransactionClient, 'notification' | '$executeRaw'>,
  alert: { name: string; text: string; entityType?: string; entityId?: string | number },
) {
  return queueNotification(deps, db, { name: `alert.${alert.name}`, type: 'SLACK', recipient: 'slack', body: alert.text, entityType: alert.entityType, entityId: alert.entityId });
}
