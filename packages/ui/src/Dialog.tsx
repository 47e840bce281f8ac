import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

function returnFocusTo(opener: RefObject<HTMLElement | null>) {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected) target.focus();
}

interface DialogProps {
  open: boolean;
  /** Called once the dialog has closed, whatever closed it: Escape, ×, or `open` turned false. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The element's id; the title's is `${id}-title`. */
  id?: string;
  /** Wider, for tables of rows (claim groups, schedules). */
  wide?: boolean;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, so focus stays
 * inside (the browser's own focus trap); Escape closes it, and focus returns to the control that
 * opened it, also when the dialog is unmounted while open. The content mounts only while open,
 * so every opening starts with a fresh form.
 */
export function Dialog({ open, onClose, title, children, id, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const generatedId = useId();
  const titleId = id ? `${id}-title` : generatedId;
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else {
        dialog.removeAttribute('open');
        returnFocusTo(opener);
      }
    }
  }, [open]);

  // Unmounted while open (its screen went away with it): focus goes back all the same. Only
  // once the element is gone: StrictMode's rehearsal of an unmount leaves it in the page.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.isConnected) returnFocusTo(opener);
    };
  }, []);

  const close = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    else closeRef.current();
  };

  return (
    <dialog
      ref={ref}
      id={id}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby={titleId}
      onClose={() => {
        returnFocusTo(opener);
        closeRef.current();
      }}
    >
      {open && (
        <>
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label="Zavřít" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="dialog__body">{children}</div>
        </>
      )}
    </dialog>
  );
}
