import type { Readable } from 'node:stream';
import { collectionsMessages } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { storageFor } from '../../integrations/storage/index.ts';

/** GET /notices/{id}/pdf/: the PDF exactly as it was sent (stored once, never rendered again). */
export async function getNoticePdf(deps: Pick<Deps, 'prisma' | 'config'>, _actor: Actor, input: { id: number }): Promise<{ stream: Readable; size: number; fileName: string }> {
  const notice = await deps.prisma.notice.findUnique({ where: { id: input.id }, include: { group: { select: { dealId: true } } } });
  if (!notice) throw notFound(collectionsMessages.noticeNotFound);
  if (!notice.pdfKey) throw conflict(collectionsMessages.noPdf);
  const file = await storageFor(deps).get(notice.pdfKey);
  return { ...file, fileName: `upominka-${notice.group.dealId}-${notice.id}.pdf` };
}
