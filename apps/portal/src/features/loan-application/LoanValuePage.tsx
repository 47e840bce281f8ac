import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { formatCzk } from '../../shared/format';
import { formTypeLabels, parseFormType } from './form-type';
import { Stepper } from './Stepper';

// Lead form defaults from the spec (section 9), shown until the real form arrives.
const DEFAULT_LOAN_VALUE = 50_000;
const DEFAULT_INSTALLMENT_VALUE = 1_000;

export function LoanValuePage() {
  const [searchParams] = useSearchParams();
  const type = parseFormType(searchParams.get('type'));

  // Without a loan type there is nothing to fill in: start over at the Crossroad.
  if (!type) return <Navigate to="/" replace />;

  return (
    <section aria-labelledby="step-title">
      <title>Výše půjčky – Žádost o půjčku online</title>
      <Stepper currentPath="/vyse-pujcky" />
      <div className="card">
        <p className="eyebrow">{formTypeLabels[type]}</p>
        <h1 id="step-title" className="step-title">
          Výše půjčky
        </h1>
        <p>
          Kolik si chcete půjčit a jakou měsíční splátku zvládnete? Tento krok právě připravujeme. Výchozí nastavení:{' '}
          <strong>{formatCzk(DEFAULT_LOAN_VALUE)}</strong> se splátkou <strong>{formatCzk(DEFAULT_INSTALLMENT_VALUE)}</strong>{' '}
          měsíčně.
        </p>
        <p>
          <Link to="/" className="button button--secondary">
            Potřebuji novou žádost
          </Link>
        </p>
      </div>
    </section>
  );
}
