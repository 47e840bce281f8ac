import { ScreeningOutcome, type ScreeningData, type ScreeningResult, type ScreeningResultSection } from '@lending/contracts';
import { formatCzk } from '../../integrations/screenings/sandbox/transaction-analysis.ts';
import { isActiveInsolvency } from '../../integrations/screenings/sandbox/sandbox-registers.ts';

type Described = Pick<ScreeningResult, 'outcome' | 'summary' | 'sections'>;
type DataOf<K extends ScreeningData['kind']> = Extract<ScreeningData, { kind: K }>;

/** 2025-03-05 → "5. 3. 2025", the way Czech documents write dates. */
export function czechDate(day: string | null | undefined): string {
  if (!day) return '—';
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${Number(d)}. ${Number(m)}. ${y}`;
}

const PRAGUE = new Intl.DateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** A moment in Prague time: "5. 3. 2025 14:07". */
export function czechDateTime(date: Date): string {
  return PRAGUE.format(date);
}

/** Czech plural: 1 exekuce, 2–4 exekuce, 5 exekucí. */
export function plural(n: number, one: string, few: string, many: string): string {
  return `${n} ${n === 1 ? one : n >= 2 && n <= 4 ? few : many}`;
}

const yesNo = (v: boolean) => (v ? 'ano' : 'ne');
const section = (title: string, fields: { label: string; value: string }[], table: ScreeningResultSection['table'] = null, emptyText: string | null = null): ScreeningResultSection => ({
  title,
  fields,
  table,
  empty_text: table && table.rows.length === 0 ? (emptyText ?? 'Žádné záznamy.') : null,
});

function insolvency(data: DataOf<'INSOLVENCY'>): Described {
  const active = data.cases.filter((c) => isActiveInsolvency(c.state));
  const outcome = active.length ? 'RISK' : data.cases.length ? 'WARNING' : 'CLEAN';
  const summary = !data.found
    ? 'Osoba není vedena v insolvenčním rejstříku.'
    : `Nalezeno insolvenční řízení ${data.cases.map((c) => `${c.file_mark} (${c.state_label})`).join(', ')}.`;
  const sections = [
    section('Insolvenční rejstřík', [
      { label: 'Nalezena řízení', value: plural(data.cases.length, 'řízení', 'řízení', 'řízení') },
      { label: 'Z toho probíhající', value: String(active.length) },
    ]),
    ...data.cases.map((c) =>
      section(
        `Řízení ${c.file_mark}`,
        [
          { label: 'Spisová značka', value: c.file_mark },
          { label: 'Soud', value: c.court },
          { label: 'Dlužník', value: c.debtor_name },
          { label: 'Stav řízení', value: c.state_label },
          { label: 'Zahájeno', value: czechDate(c.started_at) },
          { label: 'Insolvenční správce', value: c.administrator ?? '—' },
        ],
        { columns: ['Datum', 'Událost'], rows: c.events.map((e) => [czechDate(e.date), e.description]) },
        'Žádné zveřejněné události.',
      ),
    ),
  ];
  return { outcome, summary, sections };
}

function executions(data: DataOf<'EXECUTIONS'>): Described {
  const active = data.executions.filter((e) => e.state === 'ACTIVE');
  const outcome = active.length ? 'RISK' : data.executions.length ? 'WARNING' : 'CLEAN';
  const n = data.executions.length;
  const summary = !n
    ? 'V Centrální evidenci exekucí není vedena žádná exekuce.'
    : `${n === 1 ? 'Nalezena' : n <= 4 ? 'Nalezeny' : 'Nalezeno'} ${plural(n, 'exekuce', 'exekuce', 'exekucí')} v celkové výši ${formatCzk(data.total_amount)}.`;
  return {
    outcome,
    summary,
    sections: [
      section(
        'Centrální evidence exekucí',
        [
          { label: 'Počet exekucí', value: String(n) },
          { label: 'Z toho probíhající', value: String(active.length) },
          { label: 'Vymáhaná jistina celkem', value: formatCzk(data.total_amount) },
        ],
        {
          columns: ['Spisová značka', 'Exekutor', 'Oprávněný', 'Částka', 'Stav', 'Zahájeno'],
          rows: data.executions.map((e) => [e.file_mark, e.executor, e.creditor, e.amount === null ? '—' : formatCzk(e.amount), e.state_label, czechDate(e.started_at)]),
        },
        'Žádné exekuce.',
      ),
    ],
  };
}

function commercialRegister(data: DataOf<'COMMERCIAL_REGISTER'>): Described {
  const liquidation = data.engagements.some((e) => e.company_in_liquidation);
  const current = data.engagements.filter((e) => !e.until);
  const summary = !data.found
    ? 'Osoba nefiguruje v obchodním rejstříku.'
    : `Osoba figuruje v obchodním rejstříku: ${data.engagements.map((e) => `${e.role} – ${e.company_name}`).join('; ')}.`;
  return {
    outcome: liquidation ? 'WARNING' : 'CLEAN',
    summary,
    sections: [
      section(
        'Obchodní rejstřík',
        [
          { label: 'Angažmá celkem', value: String(data.engagements.length) },
          { label: 'Z toho současná', value: String(current.length) },
          { label: 'Společnost v likvidaci', value: yesNo(liquidation) },
        ],
        {
          columns: ['IČO', 'Společnost', 'Funkce', 'Od', 'Do', 'V likvidaci'],
          rows: data.engagements.map((e) => [e.company_id, e.company_name, e.role, czechDate(e.since), e.until ? czechDate(e.until) : 'dosud', yesNo(e.company_in_liquidation)]),
        },
        'Osoba nemá žádná angažmá.',
      ),
    ],
  };
}

function cadastre(data: DataOf<'CADASTRE'>): Described {
  const executionOrders = data.rights.filter((r) => r.type === 'EXECUTION_ORDER');
  const pledges = data.rights.filter((r) => r.type === 'PLEDGE');
  const sheets = new Set(data.rights.map((r) => `${r.cadastral_area_code}/${r.lv_number}`));
  const outcome = executionOrders.length ? 'RISK' : pledges.length ? 'WARNING' : 'CLEAN';
  const summary = !data.found
    ? 'V katastru nemovitostí nebyla nalezena žádná práva osoby.'
    : `Nalezeno ${plural(data.rights.length, 'právo', 'práva', 'práv')} k nemovitostem na ${plural(sheets.size, 'listu', 'listech', 'listech')} vlastnictví` +
      (executionOrders.length ? `, z toho ${plural(executionOrders.length, 'exekuční příkaz', 'exekuční příkazy', 'exekučních příkazů')}.` : pledges.length ? `, z toho ${plural(pledges.length, 'zástavní právo', 'zástavní práva', 'zástavních práv')}.` : '.');
  return {
    outcome,
    summary,
    sections: [
      section(
        'Osoby nalezené v katastru',
        [],
        { columns: ['Identifikátor', 'Jméno', 'Datum narození', 'Adresa'], rows: data.subjects.map((s) => [s.subject_id, s.name, czechDate(s.birth_date), s.address ?? '—']) },
        'Osoba nebyla v katastru nemovitostí nalezena.',
      ),
      section(
        'Práva k nemovitostem',
        [{ label: 'Listů vlastnictví', value: String(sheets.size) }],
        {
          columns: ['Katastrální území', 'LV', 'Právo', 'Podíl', 'Popis'],
          rows: data.rights.map((r) => [`${r.cadastral_area_name} (${r.cadastral_area_code})`, r.lv_number, r.type_label, r.share ?? 'celek', r.description]),
        },
        'Žádná práva.',
      ),
    ],
  };
}

function tradeRegister(data: DataOf<'TRADE_REGISTER'>): Described {
  const active = data.licences.filter((l) => l.active);
  const outcome = data.licences.length > 0 && active.length === 0 ? 'WARNING' : 'CLEAN';
  const summary = !data.found
    ? 'Osoba není vedena v živnostenském rejstříku.'
    : `Podnikatel IČO ${data.company_id ?? '—'}: ${plural(data.licences.length, 'živnostenské oprávnění', 'živnostenská oprávnění', 'živnostenských oprávnění')}, z toho ${active.length} ${active.length === 1 ? 'aktivní' : 'aktivních'}.`;
  return {
    outcome,
    summary,
    sections: [
      section(
        'Živnostenský rejstřík',
        [
          { label: 'IČO', value: data.company_id ?? '—' },
          { label: 'Podnikatel', value: data.trader_name ?? '—' },
          { label: 'Sídlo / místo podnikání', value: data.address ?? '—' },
        ],
        {
          columns: ['Předmět podnikání', 'Druh živnosti', 'Vznik', 'Zánik', 'Stav'],
          rows: data.licences.map((l) => [l.subject, l.licence_type, czechDate(l.valid_from), l.valid_to ? czechDate(l.valid_to) : '—', l.suspended ? 'přerušeno' : l.active ? 'aktivní' : 'zaniklé']),
        },
        'Žádná živnostenská oprávnění.',
      ),
    ],
  };
}

function identityCard(data: DataOf<'IDENTITY_CARD'>): Described {
  return {
    outcome: data.invalid ? 'RISK' : 'CLEAN',
    summary: data.invalid
      ? `Doklad č. ${data.document_number_masked} je veden v evidenci neplatných dokladů (${data.reason ?? 'důvod neuveden'}).`
      : `Doklad č. ${data.document_number_masked} není veden v evidenci neplatných dokladů.`,
    sections: [
      section('Evidence neplatných dokladů (MV ČR)', [
        { label: 'Číslo dokladu', value: data.document_number_masked },
        { label: 'Doklad je neplatný', value: yesNo(data.invalid) },
        { label: 'Důvod', value: data.reason ?? '—' },
        { label: 'Neplatný od', value: czechDate(data.invalid_since) },
      ]),
    ],
  };
}

const monthsTable = (months: { month: string; income: number; outcome: number }[]) => ({
  columns: ['Měsíc', 'Příjmy', 'Výdaje', 'Saldo'],
  rows: months.map((m) => [`${Number(m.month.slice(5))}/${m.month.slice(0, 4)}`, formatCzk(m.income), formatCzk(m.outcome), formatCzk(Math.round((m.income - m.outcome) * 100) / 100)]),
});

function bankStatements(data: DataOf<'BANK_STATEMENTS'>): Described {
  const risky = data.flags.some((f) => /sázkov|exekutor/i.test(f));
  const outcome = risky ? 'RISK' : data.flags.length ? 'WARNING' : 'CLEAN';
  const from = data.source === 'STATEMENT_PDF' ? `z ${plural(data.statements_count, 'výpisu', 'výpisů', 'výpisů')}` : 'z připojeného účtu';
  return {
    outcome,
    summary: `Analyzováno ${plural(data.transactions_count, 'transakce', 'transakcí', 'transakcí')} ${from} za období ${czechDate(data.period_from)} – ${czechDate(data.period_to)}; průměrný měsíční příjem ${formatCzk(data.average_monthly_income)}.`,
    sections: [
      section('Přehled', [
        { label: 'Zdroj dat', value: data.source === 'STATEMENT_PDF' ? 'Nahrané bankovní výpisy (PDF)' : 'Transakce připojeného účtu' },
        { label: 'Počet výpisů', value: String(data.statements_count) },
        { label: 'Počet transakcí', value: String(data.transactions_count) },
        { label: 'Období', value: `${czechDate(data.period_from)} – ${czechDate(data.period_to)}` },
        { label: 'Příjmy celkem', value: formatCzk(data.income_total) },
        { label: 'Výdaje celkem', value: formatCzk(data.outcome_total) },
        { label: 'Průměrný měsíční příjem', value: formatCzk(data.average_monthly_income) },
        { label: 'Průměrné měsíční výdaje', value: formatCzk(data.average_monthly_outcome) },
        { label: 'Pravidelná mzda', value: yesNo(data.salary_detected) },
      ]),
      section('Po měsících', [], monthsTable(data.months)),
      section('Zjištění', [], { columns: ['Zjištění'], rows: data.flags.map((f) => [f]) }, 'Nic podezřelého nebylo zjištěno.'),
    ],
  };
}

function transactionScoring(data: DataOf<'TRANSACTION_SCORING'>): Described {
  const outcome = data.grade === 'A' || data.grade === 'B' ? 'CLEAN' : data.grade === 'C' ? 'WARNING' : 'RISK';
  return {
    outcome,
    summary: `Transakční skóre ${data.score} bodů (stupeň ${data.grade}) z ${plural(data.transactions_count, 'transakce', 'transakcí', 'transakcí')}.`,
    sections: [
      section('Skóre', [
        { label: 'Skóre', value: `${data.score} z 1000 bodů` },
        { label: 'Stupeň', value: data.grade },
        { label: 'Období', value: `${czechDate(data.period_from)} – ${czechDate(data.period_to)}` },
        { label: 'Průměrný měsíční příjem', value: formatCzk(data.average_monthly_income) },
        { label: 'Průměrné měsíční výdaje', value: formatCzk(data.average_monthly_outcome) },
        { label: 'Pravidelnost příjmů', value: `${Math.round(data.income_regularity * 100)} % měsíců` },
        { label: 'Hazard a sázky', value: formatCzk(data.gambling_outflows) },
        { label: 'Exekutoři a inkaso', value: formatCzk(data.collection_outflows) },
        { label: 'Splátky nebankovních půjček', value: formatCzk(data.loan_repayments) },
      ]),
      section('Složky skóre', [], { columns: ['Složka', 'Body'], rows: data.factors.map((f) => [f.label, f.points > 0 ? `+${f.points}` : String(f.points)]) }),
      section('Po měsících', [], monthsTable(data.months)),
      section('Zjištění', [], { columns: ['Zjištění'], rows: data.flags.map((f) => [f]) }, 'Nic podezřelého nebylo zjištěno.'),
    ],
  };
}

/** The readable part of a result: outcome, one-sentence summary and sections, all in Czech. */
export function describeScreeningResult(data: ScreeningData, meta: { checkedAt: Date; provider: string }): ScreeningResult {
  let described: Described;
  switch (data.kind) {
    case 'INSOLVENCY':
      described = insolvency(data);
      break;
    case 'EXECUTIONS':
      described = executions(data);
      break;
    case 'COMMERCIAL_REGISTER':
      described = commercialRegister(data);
      break;
    case 'CADASTRE':
      described = cadastre(data);
      break;
    case 'TRADE_REGISTER':
      described = tradeRegister(data);
      break;
    case 'IDENTITY_CARD':
      described = identityCard(data);
      break;
    case 'BANK_STATEMENTS':
      described = bankStatements(data);
      break;
    case 'TRANSACTION_SCORING':
      described = transactionScoring(data);
      break;
  }
  return {
    outcome: described.outcome,
    outcome_label: ScreeningOutcome.labels[described.outcome],
    summary: described.summary,
    checked_at: meta.checkedAt.toISOString(),
    provider: meta.provider,
    sections: described.sections,
    data,
  };
}
