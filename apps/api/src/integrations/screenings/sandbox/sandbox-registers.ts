import { createHash } from 'node:crypto';
import {
  DistraintState,
  IsirCaseState,
  makeCompanyId,
  RealtyRightType,
  type ScreeningData,
} from '@lending/contracts';
import type { ScreeningSubject } from '../screening-provider.ts';
import {
  CADASTRAL_AREAS,
  COMPANY_PLACES,
  COMPANY_ROLES,
  COMPANY_WORDS,
  EXECUTION_CREDITORS,
  EXECUTOR_OFFICES,
  INSOLVENCY_ADMINISTRATORS,
  INSOLVENCY_COURTS,
  INVALID_DOCUMENT_REASONS,
  PLEDGE_HOLDERS,
  REALTY_DESCRIPTIONS,
  TOWNS,
  TRADES,
} from './reference-data.ts';

type DataOf<K extends ScreeningData['kind']> = Extract<ScreeningData, { kind: K }>;

/** What the sandbox registers hold about a subject: fixed by the subject's identification. */
export interface SandboxProfile {
  insolvency: boolean;
  executions: number;
  realtyRights: number;
  companies: number;
  trades: boolean;
  invalidIdentityCard: boolean;
}

/** The number the sandbox keys a subject by: birth number, else IČO, else our person id. */
function subjectKey(subject: ScreeningSubject): string {
  return subject.birthNumber ?? subject.companyId ?? `person-${subject.personId}`;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Most people are clean: about 8 % are in insolvency, 15 % have executions, 45 % own a realty,
 * 20 % sit in a company, 25 % hold a trade licence (every IČO does), 5 % carry an invalid
 * identity card. The same subject always gets the same profile.
 */
export function sandboxProfile(subject: ScreeningSubject): SandboxProfile {
  const h = digest(`sandbox-profile:${subjectKey(subject)}`);
  return {
    insolvency: h[0]! < 20,
    executions: h[1]! < 38 ? 1 + (h[2]! % 3) : 0,
    realtyRights: h[3]! < 115 ? 1 + (h[4]! % 3) : 0,
    companies: h[5]! < 50 ? 1 + (h[6]! % 2) : 0,
    trades: subject.companyId !== null || h[7]! < 64,
    invalidIdentityCard: h[8]! < 13,
  };
}

/** A small deterministic random source (mulberry32) seeded by the subject and the register. */
class Dice {
  private state: number;
  constructor(seed: string) {
    this.state = digest(seed).readUInt32LE(0);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A day between the two years (inclusive), YYYY-MM-DD. */
  day(fromYear: number, toYear: number): string {
    const from = Date.UTC(fromYear, 0, 1);
    const to = Date.UTC(toYear, 11, 31);
    return new Date(from + Math.floor(this.next() * ((to - from) / 86_400_000 + 1)) * 86_400_000).toISOString().slice(0, 10);
  }
}

const dice = (subject: ScreeningSubject, register: string) => new Dice(`sandbox-${register}:${subjectKey(subject)}`);

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function subjectName(subject: ScreeningSubject): string {
  const natural = [subject.firstName, subject.lastName].filter(Boolean).join(' ');
  return (subject.identificationType === 'ICO' ? subject.companyName || natural : natural || subject.companyName) || `Osoba ${subject.personId}`;
}

const ENDED_ISIR_STATES = new Set(['RESOLVED', 'FINAL', 'ARCHIVED']);
/** Whether an insolvency in this state still burdens the debtor. */
export function isActiveInsolvency(state: string): boolean {
  return !ENDED_ISIR_STATES.has(state);
}

export function sandboxInsolvency(subject: ScreeningSubject): DataOf<'INSOLVENCY'> {
  if (!sandboxProfile(subject).insolvency) return { kind: 'INSOLVENCY', found: false, cases: [] };
  const d = dice(subject, 'isir');
  const court = d.pick(INSOLVENCY_COURTS);
  const year = d.int(2018, 2025);
  const startedAt = d.day(year, year);
  const state = d.pick(['PENDING', 'MORATORIUM', 'BANKRUPTCY_DECLARED', 'DEBT_RELIEF', 'DEBT_RELIEF', 'DEBT_RELIEF', 'LIQUIDATION', 'FINAL'] as const);
  const events = [
    { date: startedAt, description: 'Insolvenční návrh spojený s návrhem na povolení oddlužení' },
    { date: addDays(startedAt, 2), description: 'Vyhláška o zahájení insolvenčního řízení' },
  ];
  if (state === 'MORATORIUM') events.push({ date: addDays(startedAt, 9), description: 'Usnesení o vyhlášení moratoria' });
  if (['BANKRUPTCY_DECLARED', 'DEBT_RELIEF', 'LIQUIDATION', 'FINAL'].includes(state)) {
    events.push({ date: addDays(startedAt, 35), description: state === 'LIQUIDATION' ? 'Usnesení o úpadku a prohlášení konkursu' : 'Usnesení o úpadku' });
  }
  if (state === 'DEBT_RELIEF' || state === 'FINAL') events.push({ date: addDays(startedAt, 90), description: 'Usnesení o schválení oddlužení plněním splátkového kalendáře' });
  if (state === 'FINAL') events.push({ date: addDays(startedAt, 3 * 365 + 20), description: 'Usnesení o splnění oddlužení' });
  return {
    kind: 'INSOLVENCY',
    found: true,
    cases: [
      {
        isir_case_id: null,
        file_mark: `${court.code} ${d.int(1, 99)} INS ${d.int(100, 29_999)}/${year}`,
        court: court.name,
        state,
        state_label: IsirCaseState.labels[state],
        debtor_name: subjectName(subject),
        started_at: startedAt,
        administrator: state === 'PENDING' || state === 'MORATORIUM' ? null : d.pick(INSOLVENCY_ADMINISTRATORS),
        events,
      },
    ],
  };
}

export function sandboxExecutions(subject: ScreeningSubject): DataOf<'EXECUTIONS'> {
  const count = sandboxProfile(subject).executions;
  const d = dice(subject, 'cee');
  const executions: DataOf<'EXECUTIONS'>['executions'] = [];
  for (let i = 0; i < count; i++) {
    const office = d.pick(EXECUTOR_OFFICES);
    const year = d.int(2014, 2025);
    const state = d.chance(0.8) ? 'ACTIVE' : 'SUSPENDED';
    executions.push({
      distraint_id: null,
      file_mark: `${office.number} EX ${String(d.int(1, 29_999)).padStart(5, '0')}/${String(year % 100).padStart(2, '0')}`,
      executor: office.name,
      creditor: d.pick(EXECUTION_CREDITORS),
      amount: d.int(1_200, 185_000) + d.int(0, 99) / 100,
      state,
      state_label: DistraintState.labels[state],
      started_at: d.day(year, year),
    });
  }
  const total = executions.reduce((sum, e) => sum + (e.amount ?? 0), 0);
  return { kind: 'EXECUTIONS', found: count > 0, total_amount: Math.round(total * 100) / 100, executions };
}

function companyName(d: Dice): string {
  return `${d.pick(COMPANY_WORDS)} ${d.pick(COMPANY_PLACES)} ${d.chance(0.8) ? 's.r.o.' : 'a.s.'}`;
}

function address(d: Dice): string {
  const town = d.pick(TOWNS);
  return `${town.street} ${d.int(1, 2500)}/${d.int(1, 60)}, ${town.zip} ${town.city}`;
}

export function sandboxCommercialRegister(subject: ScreeningSubject): DataOf<'COMMERCIAL_REGISTER'> {
  const count = sandboxProfile(subject).companies;
  const d = dice(subject, 'obchr');
  const engagements: DataOf<'COMMERCIAL_REGISTER'>['engagements'] = [];
  for (let i = 0; i < count; i++) {
    const since = d.day(2008, 2024);
    const ended = d.chance(0.2);
    engagements.push({
      company_id: makeCompanyId(d.int(1_000_000, 9_899_999)),
      company_name: companyName(d),
      role: d.pick(COMPANY_ROLES),
      since,
      until: ended ? addDays(since, d.int(200, 2500)) : null,
      company_in_liquidation: d.chance(0.1),
      address: address(d),
    });
  }
  return { kind: 'COMMERCIAL_REGISTER', found: count > 0, engagements };
}

function opsubId(d: Dice): string {
  return `${d.int(100_000, 999_999)}${d.int(100, 999)}010`;
}

export function sandboxCadastre(subject: ScreeningSubject): DataOf<'CADASTRE'> {
  const profile = sandboxProfile(subject);
  const d = dice(subject, 'cuzk');
  if (profile.realtyRights === 0) return { kind: 'CADASTRE', found: false, subjects: [], rights: [] };
  const subjectId = opsubId(d);
  const rights: DataOf<'CADASTRE'>['rights'] = [];
  for (let i = 0; i < profile.realtyRights; i++) {
    const area = d.pick(CADASTRAL_AREAS);
    const lv = String(d.int(1, 9_999));
    const description = d
      .pick(REALTY_DESCRIPTIONS)
      .replace('{unit}', `${d.int(1, 3_000)}/${d.int(1, 40)}`)
      .replace('{house}', String(d.int(1, 3_000)))
      .replace('{parcel}', `${d.int(1, 4_000)}/${d.int(1, 30)}`);
    const marital = d.chance(0.3);
    const half = !marital && d.chance(0.3);
    const ownership = marital ? 'JOINT_MARITAL_OWNERSHIP' : 'OWNERSHIP';
    rights.push({
      realty_right_id: null,
      subject_id: subjectId,
      type: ownership,
      type_label: RealtyRightType.labels[ownership],
      share_numerator: half ? 1 : null,
      share_denominator: half ? 2 : null,
      share: half ? '1/2' : null,
      lv_number: lv,
      cadastral_area_code: area.code,
      cadastral_area_name: area.name,
      description,
    });
    const encumbrance = d.chance(0.35) ? 'PLEDGE' : profile.executions > 0 && i === 0 ? 'EXECUTION_ORDER' : null;
    if (encumbrance) {
      rights.push({
        realty_right_id: null,
        subject_id: subjectId,
        type: encumbrance,
        type_label: RealtyRightType.labels[encumbrance],
        share_numerator: null,
        share_denominator: null,
        share: null,
        lv_number: lv,
        cadastral_area_code: area.code,
        cadastral_area_name: area.name,
        description:
          encumbrance === 'PLEDGE'
            ? `Zástavní právo smluvní ve prospěch ${d.pick(PLEDGE_HOLDERS)} k zajištění pohledávky ${new Intl.NumberFormat('cs-CZ').format(d.int(8, 60) * 100_000)} Kč`
            : `Exekuční příkaz k prodeji nemovitosti, ${d.pick(EXECUTOR_OFFICES).name}`,
      });
    }
  }
  return {
    kind: 'CADASTRE',
    found: true,
    subjects: [{ subject_id: subjectId, name: subjectName(subject), birth_date: subject.birthDate, address: address(d) }],
    rights,
  };
}

export function sandboxTradeRegister(subject: ScreeningSubject): DataOf<'TRADE_REGISTER'> {
  if (!sandboxProfile(subject).trades) return { kind: 'TRADE_REGISTER', found: false, company_id: null, trader_name: null, address: null, licences: [] };
  const d = dice(subject, 'rzp');
  const licences: DataOf<'TRADE_REGISTER'>['licences'] = [];
  const count = d.int(1, 3);
  for (let i = 0; i < count; i++) {
    const trade = d.pick(TRADES);
    const suspended = d.chance(0.12);
    const ended = !suspended && d.chance(0.1);
    const validFrom = d.day(2005, 2024);
    licences.push({
      subject: trade.subject,
      licence_type: trade.type,
      valid_from: validFrom,
      valid_to: ended ? addDays(validFrom, d.int(300, 3000)) : null,
      suspended,
      active: !suspended && !ended,
    });
  }
  return {
    kind: 'TRADE_REGISTER',
    found: true,
    company_id: subject.companyId ?? makeCompanyId(d.int(1_000_000, 9_899_999)),
    trader_name: subjectName(subject),
    address: address(d),
    licences,
  };
}

/** An identity card number as staff may see it: all but the last three characters hidden. */
export function maskDocumentNumber(value: string): string {
  const clean = value.replace(/\s/g, '');
  return `${'*'.repeat(Math.max(3, clean.length - 3))}${clean.slice(-3)}`;
}

export function sandboxIdentityCard(subject: ScreeningSubject & { identityCard: string }): DataOf<'IDENTITY_CARD'> {
  const d = dice(subject, 'mvcr');
  const invalid = sandboxProfile(subject).invalidIdentityCard;
  return {
    kind: 'IDENTITY_CARD',
    document_number_masked: maskDocumentNumber(subject.identityCard),
    invalid,
    reason: invalid ? d.pick(INVALID_DOCUMENT_REASONS) : null,
    invalid_since: invalid ? d.day(2020, 2025) : null,
  };
}
