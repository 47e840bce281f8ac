import { useRef } from 'react';
import { company, helpline } from '../shared/config';

export function Footer() {
  const cookieDialog = useRef<HTMLDialogElement>(null);

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
          <button type="button" className="link-button" onClick={() => cookieDialog.current?.showModal()}>
            Nastavení cookies
          </button>
        </section>
      </div>
      <dialog ref={cookieDialog} className="dialog" aria-labelledby="cookies-title">
        <h2 id="cookies-title">Nastavení cookies</h2>
        <p>
          Tento web používá pouze technicky nezbytné cookies, bez kterých nemůže fungovat. Analytické ani marketingové
          cookies nepoužíváme.
        </p>
        <form method="dialog">
          <button type="submit" className="button">
            Rozumím
          </button>
        </form>
      </dialog>
    </footer>
  );
}
