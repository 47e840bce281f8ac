import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  id: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, and focus goes back to what opened it.
 */
export function Dialog({ open, onClose, title, id, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const titleId = `${id}-title`;
  return (
    <dialog
      ref={ref}
      id={id}
      className="dialog"
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        opener.current?.focus();
      }}
    >
      {open && (
        <>
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="dialog__close"
              aria-label="Zavřít"
              onClick={() => {
                if (ref.current?.open && typeof ref.current.close === 'function') ref.current.close();
                else onClose();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
