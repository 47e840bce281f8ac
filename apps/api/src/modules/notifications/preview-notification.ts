import { collectionsMessages, type NotificationChannel, type NotificationName } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { composeNotification } from './compose-notification.ts';

/**
 * GET /notifications/preview/: what notify would send for one of the entities — `i` selects it,
 * a 0-based index into the entities as given (entity_id first, then entity_ids), so a screen can
 * page through the previews of a bulk send. Nothing is written (the figures' savepoint is rolled back).
 */
export async function previewNotification(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'>,
  _actor: Actor,
  input: { name: NotificationName; channel: NotificationChannel; entityIds: number[]; i: number },
) {
  const ids = [...new Set(input.entityIds)];
  if (input.i >= ids.length) throw invalid({ i: [collectionsMessages.previewIndexOutOfRange(ids.length)] });
  const entityId = ids[input.i]!;
  const messages = await deps.prisma.$transaction((tx) => composeNotification(tx, deps, { name: input.name, channel: input.channel, entityId }));
  return {
    entity_id: entityId,
    index: input.i,
    count: ids.length,
    recipients: messages.map((m) => m.recipient),
    subject: messages[0]?.subject ?? '',
    text: messages[0]?.body ?? '',
  };
}
