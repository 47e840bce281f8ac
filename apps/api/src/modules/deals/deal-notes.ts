import type { DealNoteRequest, DealNoteView } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockDeal } from './deal-views.ts';
import { noteInclude, noteViewOf } from './sub-resource-views.ts';

// GET /deals/{dealId}/notes/ is the shared list (deal-sub-resource.ts); notes are never edited
// or deleted (the spec lists them read-only): a correction is a new note.

/** POST /deals/{dealId}/notes/: a note written by the staff user calling. */
export async function createDealNote(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; note: DealNoteRequest }): Promise<DealNoteView> {
  const { dealId, note: body } = input;
  return deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const note = await tx.dealNote.create({ data: { dealId, text: body.text, authorId: actor.staffId }, include: noteInclude });
    await recordAudit(tx, actor, { action: 'deal.note.create', entity: 'DealNote', entityId: note.id, changes: { deal_id: dealId, text: body.text } });
    return noteViewOf(note);
  });
}
