import type { ReactNode } from 'react';
import type { FormType } from '@lending/contracts';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Stepper } from './Stepper';

export const formTypeLabels: Record<FormType, string> = {
  INVESTMENT_LOAN: 'Podnikatelský úvěr',
  CONSUMER_LOAN: 'Spotřebitelská půjčka',
};

export function StepLayout({ path, title, type, intro, children }: { path: string; title: string; type: FormType | null; intro?: ReactNode; children: ReactNode }) {
  return (
    <section>
      <title>{`${title} – Žádost o půjčku online`}</title>
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
