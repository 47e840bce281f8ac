import { lazy, Suspense, useState } from 'react';
import { maskAsDots } from '../format';
import { EmailAddress, formatCzk } from '@lending/ui';
import { useApplication } from './ApplicationProvider';

const CoDebtorDialog = lazy(() => import('./CoDebtorDialog'));

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const wholeAddress = (v: unknown) => (v && typeof v === 'object' && 'whole_address' in v ? text((v as { whole_address: unknown }).whole_address) : '');

/** The summary side panel (portal.md §2): shown once the form has a person. */
export default function SummaryPanel() {
  const { form } = useApplication();
  const [adding, setAdding] = useState(false);
  if (!form) return null;
  const data = form.raw_data ?? form.data;
  const masked = form.data;
  const value = typeof data.value === 'number' ? data.value : null;
  const installment = typeof data.installment_value === 'number' ? data.installment_value : null;

  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">
        Shrnutí žádosti
      </h2>
      <dl className="summary__list">
        {value !== null && (
          <>
            <dt>Výše půjčky</dt>
            <dd>{`${formatCzk(value)}${installment !== null ? ` (${formatCzk(installment)} měsíčně)` : ''}`}</dd>
          </>
        )}
        {form.applied_offer?.value != null && (
          <>
            <dt>Přijatá nabídka</dt>
            <dd>{`${formatCzk(form.applied_offer.value)}${form.applied_offer.installment_value != null ? ` (${formatCzk(form.applied_offer.installment_value)} měsíčně)` : ''}`}</dd>
          </>
        )}
        <dt>Jméno</dt>
        <dd>{`${text(data.first_name)} ${text(data.last_name)}`.trim()}</dd>
        {wholeAddress(data.permanent_address) && (
          <>
            <dt>Adresa</dt>
            <dd>{wholeAddress(data.permanent_address)}</dd>
          </>
        )}
        {text(data.phone) && (
          <>
            <dt>Telefon</dt>
            <dd>{text(data.phone)}</dd>
          </>
        )}
        {text(data.email) && (
          <>
            <dt>E-mail</dt>
            <dd className="summary__email">
              <EmailAddress value={text(data.email)} />
            </dd>
          </>
        )}
        {text(masked.birth_number) && (
          <>
            <dt>Rodné číslo</dt>
            <dd>{maskAsDots(text(masked.birth_number))}</dd>
          </>
        )}
        {text(masked.identity_card) && (
          <>
            <dt>Číslo OP</dt>
            <dd>{maskAsDots(text(masked.identity_card))}</dd>
          </>
        )}
      </dl>

      <h3 className="summary__subtitle">Spoludlužníci</h3>
      {form.co_debtors.length > 0 ? (
        <ul className="summary__debtors">
          {form.co_debtors.map((debtor) => (
            <li key={debtor.id}>
              <span className="summary__debtor-name">{`${debtor.first_name} ${debtor.last_name}`.trim()}</span>
              {debtor.phone && <span>{debtor.phone}</span>}
              {debtor.permanent_address && <span>{debtor.permanent_address.whole_address}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="summary__empty">Žádní spoludlužníci</p>
      )}
      <button type="button" className="button button--secondary button--small" onClick={() => setAdding(true)}>
        Přidat spoludlužníka
      </button>

      {data.have_realty === 'yes' && wholeAddress(data.realty_address) && (
        <>
          <h3 className="summary__subtitle">Zajištění</h3>
          <p className="summary__realty">{wholeAddress(data.realty_address)}</p>
        </>
      )}
      {adding && (
        <Suspense fallback={null}>
          <CoDebtorDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </aside>
  );
}
