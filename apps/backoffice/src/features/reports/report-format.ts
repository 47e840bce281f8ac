import { DealState, type ReportView } from '@lending/contracts';
import { formatDate, formatNumber } from '@lending/ui';

type Params = ReportView['params'];

const truthy = (value: unknown) => value === true || value === 'true' || value === '1';
const falsy = (value: unknown) => value === false || value === 'false' || value === '0';

/** The filters a report was asked with, in Czech: "1. 1. 2026 – 31. 1. 2026, obchod č. 7, jen spárované platby". */
export function filtersText(params: Params): string {
  const parts: string[] = [];
  const from = params.date_from;
  const to = params.date_to;
  if (from && to) parts.push(`${formatDate(String(from))} – ${formatDate(String(to))}`);
  else if (from) parts.push(`od ${formatDate(String(from))}`);
  else if (to) parts.push(`do ${formatDate(String(to))}`);
  else parts.push('celé období');
  for (const [key, value] of Object.entries(params)) {
    if (value === '' || key === 'date_from' || key === 'date_to' || key === 'format') continue;
    switch (key) {
      case 'person':
        parts.push(`osoba č. ${value}`);
        break;
      case 'state':
        parts.push(`stav obchodu: ${(DealState.labels as Record<string, string>)[String(value)] ?? value}`);
        break;
      case 'deal_id':
        parts.push(`obchod č. ${value}`);
        break;
      case 'paired':
        if (truthy(value)) parts.push('jen spárované platby');
        else if (falsy(value)) parts.push('jen nespárované platby');
        break;
      default:
        parts.push(`${key}: ${value}`);
    }
  }
  return parts.join(', ');
}

/** Why the report was read from the primary although a replica is configured (the API says it in English). */
function fallbackText(reason: string): string {
  if (reason.startsWith('replica unreachable')) return 'replika nebyla dostupná';
  if (reason.startsWith('replica lag')) return 'replika příliš zaostávala';
  if (reason.startsWith('not a standby')) return 'replika není záložní server';
  return reason;
}

/** Which database the report was read from (docs/decisions/0049): "replika (zpoždění 3 s)", "primární databáze (replika nebyla dostupná)". */
export function sourceText(metadata: ReportView['metadata']): string {
  const source = metadata.source;
  if (source === 'replica') {
    const lag = metadata.lag_seconds;
    return typeof lag === 'number' ? `replika (zpoždění ${formatNumber(lag)} s)` : 'replika';
  }
  if (source === 'primary') {
    const reason = metadata.fallback_reason;
    return typeof reason === 'string' && reason ? `primární databáze (${fallbackText(reason)})` : 'primární databáze';
  }
  return '—';
}

/** A month "2026-03" (or its first day) in Czech: "březen 2026". */
export function monthText(period: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(period);
  if (!match) return period;
  return new Intl.DateTimeFormat('cs-CZ', { month: 'long', year: 'numeric' }).format(new Date(Number(match[1]), Number(match[2]) - 1, 1));
}

/** The month before the one of `today` (YYYY-MM-DD): its first and last day, and the month itself. */
export function previousMonth(today: string): { from: string; to: string; period: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { from: day(first), to: day(last), period: day(first).slice(0, 7) };
}
