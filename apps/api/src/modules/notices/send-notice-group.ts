import { createHash } from 'node:crypto';
import { collectionsMessages, NotificationChannel, type NoticeGroup } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { staffIdOf } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { storageFor, type FileStorage } from '../../integrations/storage/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueNotification } from '../notifications/queue-notification.ts';
import { buildGroupContent, noticeDocument } from './build-notice-document.ts';
import { addCostsOfRecovery } from './costs-of-recovery.ts';
import { readNoticeGroup } from './notice-views.ts';
import { noticeSmsText, renderNoticePdf, renderNoticeText } from './render-notice.ts';

// `storage`: the seed's (it has no deps of its own); the app's storage otherwise.
/** Where sent notices' PDFs are stored: `notices/<deal>/<notice>.pdf`. */
export const NOTICE_FILES = 'notices/';

export type SendDeps = Pick<Deps, 'prisma' | 'config' | 'now'> & { storage?: FileStorage };

// Rendering a few letters takes well under a second each; a group has at most a few dozen.
const TRANSACTION_TIMEOUT_MS = 5 * 60_000;

/** Locks a prepared group of the deal for the rest of the transaction, or refuses. */
export async function lockPreparedGroup(tx: Prisma.TransactionClient, dealId: number, id: number) {
  const [row] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM notice_groups WHERE id = ${id} AND deal_id = ${dealId} FOR UPDATE`;
  if (!row) throw notFound(collectionsMessages.groupNotFound);
  const group = await tx.noticeGroup.findUniqueOrThrow({ where: { id }, include: { step: true, round: true } });
  if (group.state !== 'PREPARED') throw conflict(collectionsMessages.groupNotPrepared(group.state));
  return group;
}

/**
 * POST /deals/{dealId}/notice-groups/{id}/send_notices/ (staff) and the daily send job: sends the
 * group's prepared notices (all, or those listed) in one transaction. Each notice's content is
 * built as of the group's date and frozen on the notice, its PDF rendered once and stored (never
 * rendered again), and the message handed to its channel's outbox (the e-mail with the PDF
 * attached, the SMS's short text, the letter for the print batch). The first reminder of a delay
 * adds the costs of recovery the law allows before the figures are computed, so the letter shows
 * them. A payment reminder of a deal that owes nothing overdue any more is refused. The group is
 * SENT when every notice of it is; notices left out stay PREPARED (the group too).
 */
export async function sendNoticeGroup(deps: SendDeps, actor: Actor, input: { dealId: number; id: number; notices?: number[] }): Promise<NoticeGroup> {
  const storage = deps.storage ?? storageFor(deps);
  return deps.prisma.$transaction(
    async (tx) => {
      const group = await lockPreparedGroup(tx, input.dealId, input.id);
      const date = fromDbDate(group.date);
      const notices = await tx.notice.findMany({
        where: { groupId: group.id, state: 'PREPARED', ...(input.notices ? { id: { in: input.notices } } : {}) },
        orderBy: [{ personId: 'asc' }, { channel: 'asc' }],
      });
      if (notices.length === 0) throw conflict(collectionsMessages.noneToSend);
      // Paid since the close queued it (a payment's booking brings the deal's DPD to today at once).
      if (group.round?.breachType === 'NON_PAYING' && (await tx.deal.findUniqueOrThrow({ where: { id: group.dealId }, select: { daysPastDue: true } })).daysPastDue === 0) {
        throw conflict(collectionsMessages.nothingOverdue);
      }
      const costs = group.step?.costOfRecovery ? await addCostsOfRecovery(tx, group.dealId, date) : [];
      const sentAt = deps.now();
      const content = await buildGroupContent(tx, deps.config, group.id);
      if (group.round?.breachType === 'NON_PAYING' && !content.payment) throw conflict(collectionsMessages.nothingOverdue);
      for (const notice of notices) {
        const document = await noticeDocument(tx, content, { id: notice.id, personId: notice.personId, role: notice.role });
        const pdf = await renderNoticePdf(document);
        const pdfKey = `${NOTICE_FILES}${group.dealId}/${notice.id}.pdf`;
        await storage.put(pdfKey, pdf, { contentType: 'application/pdf' });
        const fileName = `upominka-${document.deal.contractNumber ?? group.dealId}-${notice.id}.pdf`.replace(/[^\w.-]+/g, '-');
        const outbox = await queueNotification(deps, tx, {
          name: `notice.${group.noticeType.toLowerCase()}`,
          type: notice.channel,
          recipient: notice.recipient,
          subject: `${document.title} – smlouva ${document.deal.contractNumber ?? group.dealId}`,
          body: notice.channel === 'SMS' ? noticeSmsText(document) : renderNoticeText(document),
          entityType: 'Notice',
          entityId: notice.id,
          attachment: notice.channel === 'SMS' ? undefined : { key: pdfKey, name: fileName },
        });
        await tx.notice.update({
          where: { id: notice.id },
          data: {
            state: 'SENT',
            sentAt,
            content: document as unknown as Prisma.InputJsonValue,
            pdfKey,
            pdfSha256: createHash('sha256').update(pdf).digest('hex'),
            notificationId: outbox.id,
          },
        });
      }
      const left = await tx.notice.count({ where: { groupId: group.id, state: 'PREPARED' } });
      if (left === 0) await tx.noticeGroup.update({ where: { id: group.id }, data: { state: 'SENT', sentAt, sentById: staffIdOf(actor) } });
      await recordAudit(tx, actor, {
        action: 'notice_group.send',
        entity: 'NoticeGroup',
        entityId: group.id,
        changes: {
          deal_id: group.dealId,
          step: group.stepCode,
          notices: notices.map((n) => `${n.id}:${NotificationChannel.labels[n.channel]}`),
          ...(costs.length ? { costs_of_recovery: costs } : {}),
        },
      });
      return readNoticeGroup(tx, group.id);
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 30_000 },
  );
}
