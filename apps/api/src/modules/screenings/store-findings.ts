import { normalizeFileMark, type ScreeningData } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { isActiveInsolvency } from '../../integrations/screenings/sandbox/sandbox-registers.ts';

type Tx = Prisma.TransactionClient;
type DataOf<K extends ScreeningData['kind']> = Extract<ScreeningData, { kind: K }>;

export interface StoredFindings {
  /** The data with the ids of the rows it was stored in. */
  data: ScreeningData;
  /** Person flags this screening changed: `{has_insolvency: {from, to}}`. */
  flagChanges: Record<string, { from: boolean; to: boolean }>;
}

const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

async function setFlag(tx: Tx, personId: number, flag: 'hasInsolvency' | 'hasExecution', value: boolean, changes: StoredFindings['flagChanges']) {
  const person = await tx.person.findUniqueOrThrow({ where: { id: personId }, select: { hasInsolvency: true, hasExecution: true } });
  if (person[flag] === value) return;
  await tx.person.update({ where: { id: personId }, data: { [flag]: value } });
  changes[flag === 'hasInsolvency' ? 'has_insolvency' : 'has_execution'] = { from: person[flag], to: value };
}

/** Insolvency: one IsirCase per file mark of the person, kept current; the person's flag follows. */
async function storeInsolvency(tx: Tx, personId: number, data: DataOf<'INSOLVENCY'>, now: Date, changes: StoredFindings['flagChanges']) {
  const cases: DataOf<'INSOLVENCY'>['cases'] = [];
  for (const c of data.cases) {
    const fileMark = normalizeFileMark(c.file_mark);
    const fields = {
      state: c.state,
      court: c.court,
      debtorName: c.debtor_name,
      startedAt: day(c.started_at),
      data: { administrator: c.administrator, events: c.events },
      lastCheckedAt: now,
    };
    const existing = await tx.isirCase.findFirst({ where: { personId, fileMark }, select: { id: true } });
    const row = existing
      ? await tx.isirCase.update({ where: { id: existing.id }, data: fields })
      : await tx.isirCase.create({ data: { ...fields, fileMark, personId } });
    cases.push({ ...c, file_mark: fileMark, isir_case_id: row.id });
  }
  await setFlag(tx, personId, 'hasInsolvency', cases.some((c) => isActiveInsolvency(c.state)), changes);
  return { ...data, cases };
}

/**
 * Executions: one Distraint per file mark of the person, updated by each screening; those a
 * screening found before and the register no longer lists have ended.
 */
async function storeExecutions(tx: Tx, personId: number, screeningId: number, data: DataOf<'EXECUTIONS'>, now: Date, changes: StoredFindings['flagChanges']) {
  const executions: DataOf<'EXECUTIONS'>['executions'] = [];
  for (const e of data.executions) {
    const fields = {
      screeningId,
      executor: e.executor,
      creditor: e.creditor,
      amount: e.amount === null ? null : e.amount.toFixed(2),
      state: e.state,
      startedAt: day(e.started_at),
    };
    const existing = await tx.distraint.findFirst({ where: { personId, fileMark: e.file_mark }, select: { id: true } });
    const row = existing
      ? await tx.distraint.update({ where: { id: existing.id }, data: fields })
      : await tx.distraint.create({ data: { ...fields, personId, fileMark: e.file_mark } });
    executions.push({ ...e, distraint_id: row.id });
  }
  await tx.distraint.updateMany({
    where: { personId, screeningId: { not: null }, state: { not: 'FINISHED' }, fileMark: { notIn: executions.map((e) => e.file_mark) } },
    data: { state: 'FINISHED', endedAt: day(now.toISOString().slice(0, 10)) },
  });
  await setFlag(tx, personId, 'hasExecution', executions.some((e) => e.state === 'ACTIVE'), changes);
  return { ...data, executions };
}

/**
 * Cadastre: a RealtyRight per right found, linked to the lender's Realty on the same sheet
 * (LV) when there is one. Rights a screening found before and the cadastre no longer lists
 * are removed, unless they belong to a realty the lender tracks.
 */
async function storeCadastre(tx: Tx, personId: number, screeningId: number, data: DataOf<'CADASTRE'>) {
  const rights: DataOf<'CADASTRE'>['rights'] = [];
  for (const r of data.rights) {
    const realty = await tx.realty.findFirst({ where: { cadastralAreaCode: r.cadastral_area_code, lvNumber: r.lv_number }, select: { id: true }, orderBy: { id: 'asc' } });
    const fields = {
      screeningId,
      shareNumerator: r.share_numerator,
      shareDenominator: r.share_denominator,
      cadastralAreaName: r.cadastral_area_name,
      realtyId: realty?.id ?? null,
    };
    const existing = await tx.realtyRight.findFirst({
      where: { personId, type: r.type, lvNumber: r.lv_number, cadastralAreaCode: r.cadastral_area_code, description: r.description },
      select: { id: true },
    });
    const row = existing
      ? await tx.realtyRight.update({ where: { id: existing.id }, data: fields })
      : await tx.realtyRight.create({ data: { ...fields, personId, type: r.type, lvNumber: r.lv_number, cadastralAreaCode: r.cadastral_area_code, description: r.description } });
    rights.push({ ...r, realty_right_id: row.id });
  }
  await tx.realtyRight.deleteMany({
    where: { personId, screeningId: { not: null }, realtyId: null, id: { notIn: rights.map((r) => r.realty_right_id!) } },
  });
  return { ...data, rights };
}

/** Stores what a finished screening found (in the transaction that finishes it). */
export async function storeFindings(tx: Tx, input: { personId: number; screeningId: number; data: ScreeningData; now: Date }): Promise<StoredFindings> {
  const flagChanges: StoredFindings['flagChanges'] = {};
  const { personId, screeningId, data, now } = input;
  switch (data.kind) {
    case 'INSOLVENCY':
      return { data: await storeInsolvency(tx, personId, data, now, flagChanges), flagChanges };
    case 'EXECUTIONS':
      return { data: await storeExecutions(tx, personId, screeningId, data, now, flagChanges), flagChanges };
    case 'CADASTRE':
      return { data: await storeCadastre(tx, personId, screeningId, data), flagChanges };
    default:
      return { data, flagChanges };
  }
}
