import { useState } from 'react';
import { errorMessage } from '@lending/api-client';
import { Dialog } from './Dialog';

/** "Opravdu smazat…?" with the action's own button; failures show inside the dialog. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  danger = true,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <ConfirmBody message={message} confirmLabel={confirmLabel} onConfirm={onConfirm} onClose={onClose} danger={danger} />
    </Dialog>
  );
}

function ConfirmBody({
  message,
  confirmLabel,
  onConfirm,
  onClose,
  danger,
}: {
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      {failure && (
        <div className="error-summary" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <p>{message}</p>
      <div className="dialog__actions">
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button'}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setFailure(null);
            try {
              await onConfirm();
              onClose();
            } catch (error) {
              setFailure(errorMessage(error));
              setBusy(false);
            }
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Zrušit
        </button>
      </div>
    </>
  );
}
