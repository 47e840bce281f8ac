import { collectionsMessages, type NoticePreview } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { buildGroupContent, noticeDocument } from './build-notice-document.ts';
import type { NoticeDocument } from './notice-document.ts';
import { noticeSmsText, renderNoticeText } from './render-notice.ts';

/**
 * GET /notices/{id}/preview/: the notice as text — the content frozen when it was sent, or for a
 * prepared one the content it would have now (computed as of its group's date, nothing written).
 */
export async function previewNotice(deps: Pick<Deps, 'prisma' | 'config'>, _actor: Actor, input: { id: number }): Promise<NoticePreview> {
  const notice = await deps.prisma.notice.findUnique({ where: { id: input.id } });
  if (!notice) throw notFound(collectionsMessages.noticeNotFound);
  const frozen = notice.content as NoticeDocument | null;
  const document =
    frozen ??
    (await deps.prisma.$transaction(async (tx) => noticeDocument(tx, await buildGroupContent(tx, deps.config, notice.groupId), { id: notice.id, personId: notice.personId, role: notice.role })));
  const contract = document.deal.contractNumber ?? `obchod ${document.deal.id}`;
  return {
    notice: notice.id,
    channel: notice.channel,
    subject: `${document.title} – smlouva ${contract}`,
    text: notice.channel === 'SMS' ? noticeSmsText(document) : renderNoticeText(document),
    frozen: frozen !== null,
  };
}
