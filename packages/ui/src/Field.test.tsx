import { DealState } from '@lending/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, CheckboxGroup, enumOptions, FieldFrame, RadioGroup, SelectField, TextField } from './Field';
import { expectAccessible } from './test-axe';

describe('fields', () => {
  it('ties label, hint and every error message to the control', async () => {
    render(<TextField id="amount" label="Částka" hint="Částka v Kč" value="-5" onChange={() => {}} required error={['Částka nesmí být záporná.', 'Zadejte částku v korunách.']} />);
    const input = screen.getByLabelText(/Částka/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('amount-hint amount-error');
    expect(document.getElementById('amount-hint')?.textContent).toBe('Částka v Kč');
    expect(document.getElementById('amount-error')?.textContent).toBe('Chyba: Částka nesmí být záporná.Chyba: Zadejte částku v korunách.');
    expect(screen.getByText('(povinné)')).toBeTruthy();
    await expectAccessible(document.body);
  });

  it('describes nothing it does not have, and lets the caller render its own control', () => {
    render(
      <FieldFrame id="vs" label="Variabilní symbol">
        {(aria) => <input {...aria} inputMode="numeric" />}
      </FieldFrame>,
    );
    const input = screen.getByLabelText('Variabilní symbol');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.className).toBe('input');
  });

  it('changes with the user, options of an enumeration in their order with Czech labels', async () => {
    const user = userEvent.setup();
    function Form() {
      const [state, setState] = useState('');
      const [states, setStates] = useState<string[]>([]);
      const [agree, setAgree] = useState(false);
      const [kind, setKind] = useState<'yes' | 'no' | ''>('');
      return (
        <>
          <SelectField id="state" label="Stav" value={state} onChange={setState} options={enumOptions(DealState)} placeholder="Vše" />
          <CheckboxGroup id="states" legend="Stavy" options={enumOptions(DealState).slice(0, 2)} value={states} onChange={setStates} />
          <CheckboxField id="agree" label="Souhlasím" checked={agree} onChange={setAgree} error={agree ? undefined : 'Souhlas je povinný.'} />
          <RadioGroup name="realty" legend="Máte nemovitost?" value={kind} onChange={setKind} options={[{ value: 'yes', label: 'Ano' }, { value: 'no', label: 'Ne' }]} inline />
          <output>{JSON.stringify({ state, states, agree, kind })}</output>
        </>
      );
    }
    render(<Form />);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options[0]).toBe('Vše');
    expect(options.slice(1)).toEqual(DealState.values.map((v) => DealState.labels[v]));
    await expectAccessible(document.body);

    await user.selectOptions(screen.getByLabelText('Stav'), 'ACTIVE');
    const [second, first] = [screen.getByLabelText(DealState.labels[DealState.values[1]!]), screen.getByLabelText(DealState.labels[DealState.values[0]!])];
    await user.click(second);
    await user.click(first);
    expect(screen.getByLabelText('Souhlasím').getAttribute('aria-describedby')).toBe('agree-error');
    await user.click(screen.getByLabelText('Souhlasím'));
    await user.click(screen.getByLabelText('Ne'));
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ state: 'ACTIVE', states: DealState.values.slice(0, 2), agree: true, kind: 'no' });
    expect(screen.getByLabelText('Souhlasím').hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('realty-input')).toBe(screen.getByLabelText('Ano'));
  });
});
