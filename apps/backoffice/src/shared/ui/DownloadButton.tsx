import { useState, type ReactNode } from 'react';
import { downloadFile, type DownloadOptions } from '../download';
import { errorMessage } from '@lending/api-client';
import { showToast } from '../toast';

interface DownloadButtonProps extends DownloadOptions {
  path: string;
  children: ReactNode;
  className?: string;
  /** Extra words for screen readers when several buttons read the same ("Stáhnout PDF" of which file). */
  describedBy?: string;
}

/** A button that downloads a protected file; progress and failure are announced. */
export function DownloadButton({ path, children, className, describedBy, ...options }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className ?? 'button button--secondary button--small'}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const name = await downloadFile(path, options);
          showToast(`Soubor ${name} byl stažen.`, 'info');
        } catch (error) {
          showToast(`Soubor se nepodařilo stáhnout. ${errorMessage(error)}`, 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </button>
  );
}
