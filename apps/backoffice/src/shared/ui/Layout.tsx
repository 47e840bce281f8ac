import { useId, type ReactNode } from 'react';

/** The screen's one h1 with its actions beside it; also sets the document title. */
export function PageHeader({ title, subtitle, actions, documentTitle }: { title: string; subtitle?: ReactNode; actions?: ReactNode; documentTitle?: string }) {
  return (
    <div className="page-header">
      <title>{`${documentTitle ?? title} – Back-office`}</title>
      <div>
        <h1>{title}</h1>
        {subtitle && <div className="page-header__subtitle">{subtitle}</div>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}

/** A titled block of a detail screen: a landmark named by its h2. */
export function Section({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  const titleId = useId();
  return (
    <section className="card section" aria-labelledby={titleId} id={id}>
      <div className="section__header">
        <h2 id={titleId}>{title}</h2>
        {actions && <div className="section__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export interface DescriptionItem {
  label: string;
  value: ReactNode;
}

/** Label–value pairs (a <dl>), for the facts of a record. */
export function DescriptionList({ items }: { items: readonly DescriptionItem[] }) {
  return (
    <dl className="description-list">
      {items.map((item) => (
        <div key={item.label} className="description-list__item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
