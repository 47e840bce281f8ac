import type { Readable } from 'node:stream';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';

/** GET /title-deeds/{id}/pdf/ (ours): the extract's PDF as the cadastre sent it. */
export async function getTitleDeedPdf(deps: Pick<Deps, 'prisma' | 'config'>, _actor: Actor, input: { id: number }): Promise<{ stream: Readable; size: number; mimeType: string; fileName: string }> {
  const row = await deps.prisma.titleDeed.findFirst({ where: { id: input.id, downloadedAt: { not: null } }, select: { fileKey: true, lvNumber: true, cadastralLocationCode: true } });
  if (!row?.fileKey) throw notFound();
  try {
    const { stream, size } = await storageFor(deps).get(row.fileKey);
    return { stream, size, mimeType: 'application/pdf', fileName: `lv-${row.lvNumber}-ku-${row.cadastralLocationCode}-${input.id}.pdf` };
  } catch (error) {
    if (error instanceof StoredFileNotFound) throw notFound('Soubor výpisu chybí v úložišti.');
    throw error;
  }
}
