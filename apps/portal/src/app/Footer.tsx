import { lazy, Suspense, useState } from 'react';
import { company, helpline } from '../shared/config';

const CookieDialog = lazy(() => import('./CookieDialog'));

export function Footer() {
  const [cookiesOpen, setCookiesOpen] = useState(false);

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="help" aria-labelledby="help-title">
          <h2 id="help-title" className="help__title">
            Potřebujete poradit?
          </h2>
          <p className="help__label">Bezplatná linka</p>
          <p className="help__phone">
            <a href={`tel:${helpline.phoneHref}`}>{helpline.phone}</a>
          </p>
          <p className="help__hours">Po–Pá 9–17</p>
        </section>
        <section className="about" aria-label="O společnosti">
          <p className="about__claim">Na trhu již 11 let</p>
          <p className="about__note">{company.note}</p>
          <button type="button" className="link-button" onClick={() => setCookiesOpen(true)}>
            Nastavení cookies
          </button>
        </section>
      </div>
      {cookiesOpen && (
        <Suspense fallback={null}>
          <CookieDialog onClose={() => setCookiesOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
