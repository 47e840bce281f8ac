import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { ConfirmDialog } from './ConfirmDialog';
import { expectAccessible } from './test-axe';

function Screen({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Přidat poznámku
      </button>
      <Dialog
        open={open}
        title="Nová poznámka"
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      >
        <label htmlFor="text">Text</label>
        <input id="text" />
        <button type="button" onClick={() => setOpen(false)}>
          Uložit poznámku
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal named by its title, with a fresh body each opening', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Přidat poznámku' }));
    const dialog = screen.getByRole('dialog', { name: 'Nová poznámka' });
    await user.type(within(dialog).getByLabelText('Text'), 'Volat po 15. hodině');
    await expectAccessible(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Zavřít' }));
    await user.click(screen.getByRole('button', { name: 'Přidat poznámku' }));
    expect((within(screen.getByRole('dialog')).getByLabelText('Text') as HTMLInputElement).value).toBe('');
  });

  it('closes on Escape (the browser closes it) and on ×, says so once, and gives focus back to what opened it', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    render(<Screen onClose={closed} />);
    const opener = screen.getByRole('button', { name: 'Přidat poznámku' });

    await user.click(opener);
    // happy-dom has no Escape of its own: the browser's is a cancel event, then close().
    act(() => (screen.getByRole('dialog') as HTMLDialogElement).close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Zavřít' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(closed).toHaveBeenCalledTimes(2);
  });

  it('closed by its owner (open turned false) also returns focus and reports the close', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    render(<Screen onClose={closed} />);
    const opener = screen.getByRole('button', { name: 'Přidat poznámku' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Uložit poznámku' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('returns focus when it is unmounted while open', async () => {
    const user = userEvent.setup();
    function Owner() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setShown(true)}>
            Nastavení
          </button>
          {shown && (
            <Dialog open id="settings" title="Nastavení cookies" onClose={() => setShown(false)}>
              <button type="button" onClick={() => setShown(false)}>
                Hotovo
              </button>
            </Dialog>
          )}
        </>
      );
    }
    render(<Owner />);
    const opener = screen.getByRole('button', { name: 'Nastavení' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Nastavení cookies' });
    expect(dialog.id).toBe('settings');
    expect(document.getElementById('settings-title')?.textContent).toBe('Nastavení cookies');
    await user.click(within(dialog).getByRole('button', { name: 'Hotovo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('ConfirmDialog', () => {
  it('runs the action, and shows its failure inside without closing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    render(<ConfirmDialog open title="Smazat štítek" message="Opravdu smazat štítek VIP?" confirmLabel="Smazat štítek" onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Smazat štítek' });

    await user.click(within(dialog).getByRole('button', { name: 'Smazat štítek' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^Nepodařilo se spojit se serverem/);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Smazat štítek' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalled();
  });
});
