import { useState, type ReactNode } from 'react';
import type { DownloadProgress } from '@lending/api-client';
import { downloadFile, type DownloadOptions } from '../download';
import { errorMessage } from '@lending/api-client';
import { showToast } from '../toast';

interface DownloadButtonProps extends Omit<DownloadOptions, 'onProgress'> {
  path: string;
  children: ReactNode;
  className?: string;
  /** Extra words for screen readers when several buttons read the same ("Stáhnout PDF" of which file). */
  describedBy?: string;
}

const megabytes = new Intl.NumberFormat('cs-CZ', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('cs-CZ');

/** "Staženo 12,3 MB…", with the rows of a CSV so far (its line feeds less the header's). */
export function progressText({ bytes, lines }: DownloadProgress, csv: boolean): string {
  const rows = csv && lines > 1 ? `, ${count.format(lines - 1)} řádků` : '';
  return `Staženo ${megabytes.format(bytes / 1_000_000)} MB${rows}…`;
}

/**
 * A button that downloads a protected file; progress and failure are announced. A long export
 * streams for a while: the bytes (and a CSV's rows) received show beside the button meanwhile.
 */
export function DownloadButton({ path, children, className, describedBy, ...options }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button--secondary button--small'}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setProgress(null);
          try {
            const name = await downloadFile(path, { ...options, onProgress: setProgress });
            showToast(`Soubor ${name} byl stažen.`, 'info');
          } catch (error) {
            showToast(`Soubor se nepodařilo stáhnout. ${errorMessage(error)}`, 'error');
          } finally {
            setBusy(false);
            setProgress(null);
          }
        }}
      >
        {children}
      </button>
      {busy && progress && (
        <span role="status" className="download-progress">
          {progressText(progress, options.fallbackName.endsWith('.csv'))}
        </span>
      )}
    </>
  );
}
