import {
  maskBirthNumber,
  personDisplayName,
  ProcessingState,
  screeningResult,
  ScreeningType,
  type ScreeningDetail,
  type ScreeningListItem,
  type ScreeningPerson,
} from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { IdentificationType, ProcessingState as DbState, ScreeningType as DbType } from '../../generated/prisma/enums.ts';

interface PersonRow {
  id: number;
  identificationType: IdentificationType;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  birthNumber: string | null;
  companyId: string | null;
}

export interface ScreeningRow {
  id: number;
  personId: number;
  type: DbType;
  state: DbState;
  result: unknown;
  fileKey: string | null;
  error: string | null;
  attempts: number;
  requestedById: number | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function personName(p: PersonRow): string {
  return personDisplayName({ identification_type: p.identificationType, first_name: p.firstName, last_name: p.lastName, company_name: p.companyName }) || `Osoba č. ${p.id}`;
}

/**
 * How a person is identified in screening answers and reports: the IČO of a legal person, or
 * the birth number with its serial masked (as the persons list shows it): the date part is
 * enough to tell people apart, the full number is personal data the report does not need.
 */
export function personIdentification(p: PersonRow): { label: string; value: string | null } {
  if (p.identificationType === 'ICO') return { label: 'IČO', value: p.companyId };
  return { label: 'Rodné číslo', value: p.birthNumber ? maskBirthNumber(p.birthNumber) : null };
}

export function screeningPersonOf(p: PersonRow): ScreeningPerson {
  return { id: p.id, name: personName(p), identification_type: p.identificationType, identification_masked: personIdentification(p).value };
}

const base = (s: Pick<ScreeningRow, 'personId' | 'id'>) => `/api/v1/persons/${s.personId}/screenings/${s.id}`;

/** The finished result as the contract shapes it; null while unfinished (or if unreadable). */
function publicResult(s: ScreeningRow) {
  if (s.state !== 'FINISHED') return null;
  const parsed = screeningResult.safeParse(s.result);
  return parsed.success ? parsed.data : null;
}

export function toListItem(s: ScreeningRow, person: ScreeningPerson, requesters: Map<number, string>): ScreeningListItem {
  const result = publicResult(s);
  const hasFile = s.state === 'FINISHED' && s.fileKey !== null;
  return {
    id: s.id,
    person_id: s.personId,
    person,
    type: s.type,
    type_label: ScreeningType.labels[s.type],
    state: s.state,
    state_label: ProcessingState.labels[s.state],
    created_at: s.createdAt.toISOString(),
    finished_at: s.finishedAt?.toISOString() ?? null,
    requested_by: s.requestedById === null ? null : { id: s.requestedById, email: requesters.get(s.requestedById) ?? '' },
    outcome: result?.outcome ?? null,
    outcome_label: result?.outcome_label ?? null,
    summary: result?.summary ?? null,
    has_file: hasFile,
    download_url: hasFile ? `${base(s)}/download/` : null,
    zobi_url: s.type === 'ZOBI_OSOBACUZK' ? `${base(s)}/zobi/` : null,
    error: s.state === 'FAILED' ? s.error : null,
    attempts: s.attempts,
  };
}

export function toDetail(s: ScreeningRow, person: ScreeningPerson, requesters: Map<number, string>): ScreeningDetail {
  return { ...toListItem(s, person, requesters), result: publicResult(s), updated_at: s.updatedAt.toISOString() };
}

/** E-mails of the staff who ran the screenings (StaffUser has no relation to them). */
export async function requesterEmails(deps: Pick<Deps, 'prisma'>, rows: Pick<ScreeningRow, 'requestedById'>[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.requestedById).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const users = await deps.prisma.staffUser.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return new Map(users.map((u) => [u.id, u.email]));
}
