import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, summaryItems } from './ErrorSummary';
import { TextField } from './Field';
import { expectAccessible } from './test-axe';

const noop = () => {};

describe('ErrorSummary', () => {
  it('takes focus when it appears, links each message to its field, and keeps a refusal apart', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <form>
        <ErrorSummary items={[]} />
        <TextField id="note" label="Poznámka" value="" onChange={noop} />
      </form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <form>
        <ErrorSummary items={[{ fieldId: 'note', message: 'Poznámka: Pole je povinné' }, { message: 'Lead je již uzavřen.', refusal: true }]} />
        <TextField id="note" label="Poznámka" value="" onChange={noop} error="Pole je povinné" />
      </form>,
    );
    const summary = screen.getByRole('alert', { name: 'Opravte prosím tyto chyby:' });
    expect(document.activeElement).toBe(summary);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Lead je již uzavřen.', 'Opravte prosím tyto chyby:Poznámka: Pole je povinné']);
    await expectAccessible(document.body);

    await user.click(within(summary).getByRole('link', { name: 'Poznámka: Pole je povinné' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Poznámka'));
  });

  it('with a focus key moves focus on each submit, not when a message comes while typing', () => {
    const errors = (email?: string) => summaryItems(email ? { email } : {}, [['email', 'person-email', 'E-mail']]);
    const { rerender } = render(
      <>
        <input aria-label="Jinde" />
        <ErrorSummary items={errors('Zadejte platnou e-mailovou adresu.')} focusKey={0} />
      </>,
    );
    // A blur check found an error before any submit: the summary shows, focus stays put.
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);

    rerender(
      <>
        <input aria-label="Jinde" />
        <ErrorSummary items={errors('Zadejte platnou e-mailovou adresu.')} focusKey={1} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('alert'));

    screen.getByLabelText('Jinde').focus();
    rerender(
      <>
        <input aria-label="Jinde" />
        <ErrorSummary items={errors('Pole je povinné')} focusKey={1} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Jinde'));
  });

  it('names entries by their field, in the order of the form, and lists other messages after', () => {
    expect(
      summaryItems({ birth_number: 'Neplatné rodné číslo', first_name: 'Pole je povinné', detail: 'Žádost je uzavřena.' }, [
        ['first_name', 'p-first-name', 'Jméno'],
        ['birth_number', 'p-birth-number', 'Rodné číslo'],
      ]),
    ).toEqual([
      { fieldId: 'p-first-name', message: 'Jméno: Pole je povinné' },
      { fieldId: 'p-birth-number', message: 'Rodné číslo: Neplatné rodné číslo' },
      { message: 'Žádost je uzavřena.' },
    ]);
  });
});
