import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { remainingFilesText } from '../../shared/format';
import { PageHeading } from '../../shared/ui/PageHeading';
import { paths, stepUrl, useApplication, type SentApplication } from '../../shared/application';

export default function ThankYouPage() {
  const { finish } = useApplication();
  // Handed over by the Documents page in the history entry, so a reload keeps it.
  const sent = useLocation().state as SentApplication | null;
  // The application is over: a later visit to any step starts a new one.
  useEffect(() => finish(), [finish]);
  return (
    <section className="card thank-you">
      <title>Odesláno – Žádost o půjčku online</title>
      <span className="thank-you__icon" aria-hidden="true">
        ✓
      </span>
      <PageHeading>Odesláno!</PageHeading>
      <p>Vaše žádost byla úspěšně zpracována. Brzy se Vám ozveme s dalším postupem.</p>
      {sent?.reference && (
        <p className="thank-you__reference">
          Číslo Vaší žádosti: <strong>{sent.reference}</strong>
        </p>
      )}
      <h2 className="thank-you__subtitle">Co bude následovat</h2>
      <ol className="thank-you__steps">
        <li>Žádost posoudí náš specialista.</li>
        <li>Ozveme se Vám telefonicky nebo e-mailem. Když budeme potřebovat něco doplnit, řekneme Vám to.</li>
        <li>Nabídku Vám pošleme e-mailem a potvrdíte ji jedním kliknutím.</li>
      </ol>
      {sent && (
        <div className={sent.missingCount > 0 ? 'notice notice--warning' : 'notice'}>
          <p>
            {sent.missingCount > 0
              ? `Chybějící dokumenty můžete doplnit kdykoli přes stejný odkaz (${remainingFilesText(sent.missingCount).toLowerCase()}). Uložte si ho.`
              : 'Pokud Vás požádáme o další dokumenty, nahrajete je přes stejný odkaz. Uložte si ho.'}
          </p>
          {/* A full page load: the application starts again from its token (the form was forgotten here). */}
          <a className="button button--secondary" href={stepUrl(paths.documents, { token: sent.token })}>
            Doplnit dokumenty
          </a>
        </div>
      )}
    </section>
  );
}
