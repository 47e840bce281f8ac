import type { DashboardPayments } from '@lending/contracts';
import { Link } from 'react-router-dom';
import { EMPTY_VALUE, formatCzk, formatDate, formatDateTime, formatNumber, Loading, pluralize } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { useDashboardPayments } from './api';
import { Figure, Figures } from './Figures';
import { SectionError } from './SectionError';
import { listLinks } from './links';

/** The statement import's states as the payments screen names them. */
const IMPORT_STATES: Record<string, string> = {
  QUEUED: 'Čeká na zpracování',
  PROCESSING: 'Zpracovává se',
  DONE: 'Dokončeno',
  FAILED: 'Import selhal',
};

/** "Platby": the unpaired queue, the last statement imports and the last close of business. */
export function PaymentsSection() {
  const { data, error, mutate } = useDashboardPayments();
  return (
    <Section title="Platby">
      {error ? (
        <SectionError error={error} title="Přehled plateb se nepodařilo načíst." onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading label="Načítám přehled plateb…" />
      ) : (
        <Payments data={data} />
      )}
    </Section>
  );
}

function Payments({ data }: { data: DashboardPayments }) {
  const close = data.last_close;
  return (
    <>
      <Figures label="Platby k vyřízení">
        <Figure label="Nespárované platby" value={pluralize(data.unpaired_count, 'platba', 'platby', 'plateb')} note={formatCzk(data.unpaired_amount)} to={listLinks.unpairedPayments()} />
        <Figure
          label="Poslední uzávěrka dne"
          value={close ? formatDate(close.business_date) : 'Zatím neproběhla'}
          note={close ? (close.finished_at ? `dokončena ${formatDateTime(close.finished_at)}` : 'právě probíhá') : undefined}
          to={listLinks.closeOfBusiness()}
        />
      </Figures>
      <h3>Poslední importy výpisů</h3>
      {data.imports.length === 0 ? (
        <p>Zatím nebyl naimportován žádný výpis.</p>
      ) : (
        <ul className="dashboard__imports">
          {data.imports.map((item) => (
            <li key={item.id}>
              <Link to={listLinks.statementImports()}>{item.file_name}</Link>
              {' – '}
              {IMPORT_STATES[item.state] ?? item.state}, {formatDateTime(item.created_at)}, plateb: {item.payments === null ? EMPTY_VALUE : formatNumber(item.payments)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
