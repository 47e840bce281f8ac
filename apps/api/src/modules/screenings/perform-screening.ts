import { randomUUID } from 'node:crypto';
import type { SystemActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import {
  screeningProviderFor,
  ScreeningFailed,
  TRANSACTION_TYPES,
  type ScreeningRequest,
  type ScreeningSubject,
} from '../../integrations/screenings/index.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { describeScreeningResult } from './describe-screening-result.ts';
import { renderScreeningReport } from './render-screening-report.ts';
import { scoringTransactions, statementTransactions } from './screening-transactions.ts';
import { lockHeldScreening, type ScreeningRun } from './screening-runs.ts';
import { personIdentification, personName } from './screening-view.ts';
import { storeFindings } from './store-findings.ts';

const messages = {
  personGone: 'Osoba byla mezitím smazána.',
  noIdentification: 'Osoba nemá rodné číslo ani IČO, podle kterého by ji šlo v registru vyhledat.',
  noIdentityCard: 'Osoba nemá vyplněné číslo občanského průkazu.',
} as const;

/** Where the PDF protocol of a screening is stored; a new key per run, so no run overwrites another's. */
export const reportKey = (personId: number, screeningId: number) => `screenings/${personId}/${screeningId}-${randomUUID()}.pdf`;

/**
 * One run of a screening: asks the provider, renders and stores the PDF protocol, then (in
 * one transaction, only while this run still holds the screening and was not aborted) stores
 * the findings (ISIR cases, distraints, realty rights, person flags) and marks the screening
 * FINISHED. Throws ScreeningFailed for the job to retry or fail the screening, RunSuperseded
 * when another run took it over.
 */
export async function performScreening(deps: Deps, actor: SystemActor, input: { run: ScreeningRun; signal: AbortSignal }): Promise<void> {
  const { run: job, signal } = input;
  const person = await deps.prisma.person.findUnique({ where: { id: job.personId } });
  if (!person) throw new ScreeningFailed(messages.personGone, false);
  const subject: ScreeningSubject = {
    personId: person.id,
    identificationType: person.identificationType,
    firstName: person.firstName,
    lastName: person.lastName,
    companyName: person.companyName,
    birthNumber: person.birthNumber?.replace(/\D/g, '') || null,
    birthDate: person.birthDate?.toISOString().slice(0, 10) ?? null,
    companyId: person.companyId,
    identityCard: person.identityCard,
  };
  const request: ScreeningRequest = { type: job.type, reference: `screening-${job.id}`, subject };
  if (job.type === 'SOKORDIA_BANK_STATEMENT_PDF') {
    Object.assign(request, await statementTransactions(deps, person.id));
  } else if (job.type === 'TRANSACTION_SCORING') {
    request.transactions = await scoringTransactions(deps, person.id);
  } else if (job.type === 'MVCR_IDENTITY_CARD') {
    if (!subject.identityCard) throw new ScreeningFailed(messages.noIdentityCard, false);
  } else if (!TRANSACTION_TYPES.includes(job.type) && !subject.birthNumber && !subject.companyId) {
    throw new ScreeningFailed(messages.noIdentification, false);
  }

  const provider = screeningProviderFor(deps);
  const data = await provider.screen(request, signal);
  signal.throwIfAborted();

  const finishedAt = deps.now();
  const described = describeScreeningResult(data, { checkedAt: finishedAt, provider: provider.name });
  const requester = job.requestedById ? await deps.prisma.staffUser.findUnique({ where: { id: job.requestedById }, select: { email: true } }) : null;
  const identification = personIdentification(person);
  const pdf = await renderScreeningReport({
    lenderName: deps.config.LENDER_NAME,
    screening: { id: job.id, type: job.type, createdAt: job.createdAt, finishedAt },
    person: { id: person.id, name: personName(person), identificationLabel: identification.label, identification: identification.value },
    requestedBy: requester?.email ?? null,
    result: described,
  });
  signal.throwIfAborted();

  const storage = storageFor(deps);
  const key = reportKey(person.id, job.id);
  await storage.put(key, pdf, { contentType: 'application/pdf' });
  try {
    await deps.prisma.$transaction(async (tx) => {
      await lockHeldScreening(tx, job);
      // Aborted (time-out, shutdown) while rendering: the job has given this run up.
      signal.throwIfAborted();
      const stored = await storeFindings(tx, { personId: person.id, screeningId: job.id, data: described.data, now: finishedAt });
      const result = { ...described, data: stored.data };
      await tx.screening.update({
        where: { id: job.id },
        data: { state: 'FINISHED', result: result as unknown as Prisma.InputJsonValue, fileKey: key, error: null, finishedAt },
      });
      await recordAudit(tx, actor, {
        action: 'screening.finish',
        entity: 'Screening',
        entityId: job.id,
        changes: { person_id: person.id, type: job.type, outcome: described.outcome, attempts: job.attempt, ...stored.flagChanges },
      });
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
