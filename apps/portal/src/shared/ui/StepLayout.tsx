import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FormType } from '@lending/contracts';
import { PageHeading } from './PageHeading';
import { Stepper } from './Stepper';

export const formTypeLabels: Record<FormType, string> = {
  INVESTMENT_LOAN: 'Podnikatelský úvěr',
  CONSUMER_LOAN: 'Spotřebitelská půjčka',
};

interface StepLayoutProps {
  path: string;
  title: string;
  type: FormType | null;
  intro?: ReactNode;
  /** Where "Zpět" leads (the previous step, with the form's query); none on the first page of a form. */
  back?: string | null;
  children: ReactNode;
}

export function StepLayout({ path, title, type, intro, back, children }: StepLayoutProps) {
  return (
    <section>
      <title>{`${title} – Žádost o půjčku online`}</title>
      {back && (
        <Link to={back} className="back-link">
          Zpět
        </Link>
      )}
      <Stepper currentPath={path} />
      <div className="card">
        {type && <p className="eyebrow">{formTypeLabels[type]}</p>}
        <PageHeading>{title}</PageHeading>
        {intro && <p className="lead">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
