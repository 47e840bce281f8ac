import { useState } from 'react';
import { readConsent, saveConsent } from '../shared/consent';
import { Dialog } from '@lending/ui';

function CookieSettings({ onDone }: { onDone: () => void }) {
  const saved = readConsent();
  const [analytics, setAnalytics] = useState(saved?.analytics ?? false);
  const [marketing, setMarketing] = useState(saved?.marketing ?? false);

  const save = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    onDone();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save({ analytics, marketing });
      }}
    >
      <p>
        Technicky nezbytné cookies potřebujeme, aby žádost fungovala. Ostatní používáme jen s Vaším souhlasem a
        kdykoli jej zde můžete změnit.
      </p>
      <div className="checkbox">
        <input id="cookies-necessary" type="checkbox" checked disabled />
        <label htmlFor="cookies-necessary">Nezbytné cookies (vždy zapnuté)</label>
      </div>
      <div className="checkbox">
        <input id="cookies-analytics" type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
        <label htmlFor="cookies-analytics">Analytické cookies</label>
      </div>
      <div className="checkbox">
        <input id="cookies-marketing" type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
        <label htmlFor="cookies-marketing">Marketingové cookies</label>
      </div>
      <div className="actions">
        <button type="submit" className="button">
          Uložit nastavení
        </button>
        <button type="button" className="button button--secondary" onClick={() => save({ analytics: false, marketing: false })}>
          Jen nezbytné
        </button>
      </div>
    </form>
  );
}

/** Loaded when the applicant opens the settings: it is not needed for the first paint. */
export default function CookieDialog({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog id="cookies" title="Nastavení cookies" open={open} onClose={onClose}>
      <CookieSettings onDone={() => setOpen(false)} />
    </Dialog>
  );
}
