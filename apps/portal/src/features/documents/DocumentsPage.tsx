import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { documentMessages, type DocumentRequirement, type DocumentsOverview } from '@lending/contracts';
import { alreadyReported, api, documentsKey, isTooManyRequests } from '../../shared/api';
import { Dialog, pluralCs } from '@lending/ui';
import { swrOptions } from '../../shared/swr';
import { remainingFilesText } from '../../shared/format';
import { showToast } from '../../shared/toast';
import { paths, stepUrl, useApplication, type SentApplication } from '../../shared/application';
import { Stepper } from '../../shared/ui/Stepper';
import { StepLayout } from '../../shared/ui/StepLayout';
import { UploadSection } from './UploadSection';

const sections: readonly { requirement: DocumentRequirement; id: string; heading: string }[] = [
  { requirement: 'BANK_STATEMENTS', id: 'bank-statements', heading: 'Bankovní výpisy' },
  { requirement: 'PROPERTY_PHOTOS', id: 'property-photos', heading: 'Fotografie nemovitosti' },
  { requirement: 'INCOME_PROOF', id: 'income-proof', heading: 'Doklad o příjmu' },
  { requirement: 'OTHER', id: 'other-documents', heading: 'Ostatní dokumenty' },
];

const dateCs = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString('cs-CZ');

function describe(requirement: DocumentRequirement, overview: DocumentsOverview, business: boolean) {
  switch (requirement) {
    case 'BANK_STATEMENTS':
      return <p>Potřebujeme výpisy z účtu, na který Vám chodí příjmy, za poslední 3 měsíce (90 dní). Připojte účet online, nebo nahrajte výpisy v PDF.</p>;
    case 'PROPERTY_PHOTOS': {
      const min = overview.requirements.find((r) => r.requirement === 'PROPERTY_PHOTOS')?.min_files ?? 5;
      return <p>Nahrajte alespoň {min} fotografií nemovitosti, kterou nabízíte jako zajištění (zvenku i zevnitř).</p>;
    }
    case 'INCOME_PROOF':
      return business ? (
        <p>Nahrajte poslední daňové přiznání, nebo účetní závěrku.</p>
      ) : (
        <p>Nahrajte potvrzení o příjmu od zaměstnavatele, nebo výplatní pásky.</p>
      );
    case 'OTHER':
      return <p>Cokoli dalšího, co nám pomůže žádost posoudit (nepovinné).</p>;
  }
}

const filesText = (count: number) => `${count} ${pluralCs(count, { zero: 'souborů', one: 'soubor', few: 'soubory', many: 'souborů' })}`;

/** Said before sending with files missing: what is missing, and that it can be sent anyway. */
function MissingDocumentsDialog({ overview, onSend, onClose }: { overview: DocumentsOverview; onSend: () => void; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const missing = overview.requirements.filter((r) => r.required && r.missing_count > 0);
  return (
    <Dialog id="missing-documents-dialog" title="Ještě chybí některé dokumenty" open={open} onClose={onClose}>
      <ul className="missing-documents">
        {missing.map((r) => (
          <li key={r.requirement}>
            <strong>{r.label}</strong>: chybí {filesText(r.missing_count)}
          </li>
        ))}
      </ul>
      <p>Žádost můžete odeslat i bez nich a dokumenty doplnit později přes stejný odkaz. S chybějícími dokumenty ale posouzení potrvá déle.</p>
      <div className="actions">
        <button type="button" className="button" onClick={onSend}>
          Odeslat i bez nich
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          Doplnit dokumenty
        </button>
      </div>
    </Dialog>
  );
}

export default function DocumentsPage() {
  const application = useApplication();
  const navigate = useNavigate();
  const { token, type } = application;
  const { data: overview, mutate } = useSWR<DocumentsOverview>(token ? documentsKey(token) : null, {
    ...swrOptions,
    onError: (error: unknown) => {
      if (!isTooManyRequests(error)) showToast(documentMessages.loadStatementsFailed, 'error');
    },
  });
  const [fileNotes, setFileNotes] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<'connect' | 'verify' | 'submit' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const statements = overview?.bank_statements;
  // A sent application stays open: staff may ask for more documents (portal.md leaves it to us).
  const sentAt = typeof application.form?.data.finished_at === 'string' ? application.form.data.finished_at : null;
  const unverified = statements?.unverified_count ?? 0;

  // Leaving with statements nobody verified would lose the applicant's work: warn (portal.md §2).
  useEffect(() => {
    if (unverified <= 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unverified]);

  if (!token) return null;
  const business = type === 'INVESTMENT_LOAN';

  const connectBank = async () => {
    setBusy('connect');
    try {
      const { url } = await api.startBankConnection(token);
      window.location.assign(url);
    } catch {
      setBusy(null);
    }
  };

  const verify = async () => {
    setBusy('verify');
    try {
      const result = await api.validateBankStatements(token);
      setFileNotes(Object.fromEntries(result.documents.filter((d) => d.error).map((d) => [d.id, d.error!])));
      showToast(documentMessages.verified, 'success');
    } catch (error) {
      if (!isTooManyRequests(error)) showToast(documentMessages.verifyFailed, 'error');
    } finally {
      setBusy(null);
      await mutate();
    }
  };

  const submit = async () => {
    setConfirming(false);
    setBusy('submit');
    try {
      const sent = await api.submitDocuments(token);
      // The thank-you page forgets the finished form once it is shown: clearing it here would
      // let the guard see /dokumenty without a token and send the applicant to the Crossroad.
      const state: SentApplication = { reference: sent.reference ?? application.form?.reference ?? null, token, missingCount: overview?.missing_count ?? 0 };
      navigate(paths.thankYou, { state });
    } catch (error) {
      if (!alreadyReported(error)) showToast('Žádost se nepodařilo odeslat. Zkuste to, prosím, znovu.', 'error');
      setBusy(null);
    }
  };

  if (!overview) {
    return (
      <section>
        <Stepper currentPath={paths.documents} />
        <div className="card">
          <h1 id="page-title" className="step-title">
            Dokumenty
          </h1>
          <p role="status">Načítám dokumenty…</p>
        </div>
      </section>
    );
  }

  const bankFiles = overview.categories.filter((c) => c.requirement === 'BANK_STATEMENTS').flatMap((c) => c.files);
  return (
    <StepLayout
      path={paths.documents}
      title="Dokumenty"
      type={type}
      // A form opened by an offer (BASIC_DEAL_INFO) has no collateral step to return to yet.
      back={stepUrl(application.form?.state === 'PERSON_INFO' || application.form?.state === 'COLLATERAL_INFO' ? paths.cover : paths.personData, { token, type })}
      intro="Nahrajte prosím dokumenty, díky kterým žádost posoudíme rychleji."
    >
      {sentAt && (
        <p className="notice notice--success">
          Žádost jste odeslali {new Date(sentAt).toLocaleDateString('cs-CZ')}. Pokud Vás požádáme o další dokumenty, nahrajte je zde a odešlete je.
        </p>
      )}
      <p className={overview.missing_count > 0 ? 'counter' : 'counter counter--done'} aria-live="polite">
        {remainingFilesText(overview.missing_count)}
      </p>
      <div className="doc-sections">
        {sections.map((section) => {
          const categories = overview.categories.filter((c) => c.requirement === section.requirement);
          if (categories.length === 0) return null;
          const requirement = overview.requirements.find((r) => r.requirement === section.requirement);
          return (
            <UploadSection
              key={section.id}
              id={section.id}
              heading={section.heading}
              description={describe(section.requirement, overview, business)}
              token={token}
              categories={categories}
              requirement={requirement}
              onChanged={() => mutate()}
              fileNotes={fileNotes}
            >
              {section.requirement === 'BANK_STATEMENTS' && statements && (
                <div className="bank">
                  <button type="button" className="button" onClick={() => void connectBank()} disabled={busy === 'connect'}>
                    Připojit bankovní účet online
                  </button>
                  {statements.connections.filter((c) => c.state === 'CONNECTED').length > 0 && (
                    <ul className="bank__connections">
                      {statements.connections
                        .filter((c) => c.state === 'CONNECTED')
                        .map((c) => (
                          <li key={c.client_id}>
                            Připojeno: {c.bank_name ?? 'banka'} {c.iban_masked ?? ''}
                          </li>
                        ))}
                    </ul>
                  )}
                  {statements.valid && statements.covered_from && statements.covered_to && (
                    <p className="notice notice--success">
                      Výpisy pokrývají období {dateCs(statements.covered_from)} – {dateCs(statements.covered_to)}.
                    </p>
                  )}
                  {statements.too_few_transactions && <p className="notice notice--warning">{documentMessages.tooFewTransactions}</p>}
                  {unverified > 0 && <p className="notice notice--warning">Nahrané výpisy zatím nejsou ověřené. Ověřte je prosím tlačítkem níže.</p>}
                  {bankFiles.length > 0 && (
                    <button type="button" className="button button--secondary" onClick={() => void verify()} disabled={busy === 'verify'}>
                      Ověřit nahrané výpisy
                    </button>
                  )}
                </div>
              )}
            </UploadSection>
          );
        })}
      </div>
      <div className="actions actions--submit">
        <button
          type="button"
          className="button button--large"
          onClick={() => (overview.missing_count > 0 ? setConfirming(true) : void submit())}
          disabled={busy === 'submit'}
        >
          {sentAt ? 'Odeslat doplněné dokumenty' : 'Odeslat žádost'}
        </button>
      </div>
      {confirming && <MissingDocumentsDialog overview={overview} onSend={() => void submit()} onClose={() => setConfirming(false)} />}
    </StepLayout>
  );
}
