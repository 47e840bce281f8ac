import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActiveFilters, FilterBar, ResultsAnnouncement } from './FilterBar';
import { TextField, YesNoAnyField } from './Field';
import { expectAccessible } from './test-axe';

describe('FilterBar', () => {
  it('applies its fields together on Hledat or Enter, keeps rarer filters behind a toggle', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onReset = vi.fn();
    function Bar() {
      const [search, setSearch] = useState('');
      const [insolvency, setInsolvency] = useState('');
      return (
        <FilterBar label="Filtr obchodů" onSubmit={() => onSubmit({ search, insolvency })} onReset={onReset} moreActive={insolvency ? 1 : 0} more={<YesNoAnyField id="insolvency" label="Insolvence" value={insolvency} onChange={setInsolvency} />}>
          <TextField id="search" label="Hledat" type="search" value={search} onChange={setSearch} />
        </FilterBar>
      );
    }
    render(<Bar />);
    const form = screen.getByRole('search', { name: 'Filtr obchodů' });
    const toggle = within(form).getByRole('button', { name: 'Další filtry' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Insolvence' })).toBeNull();
    await expectAccessible(document.body);

    await user.type(within(form).getByLabelText('Hledat'), 'Novak{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ search: 'Novak', insolvency: '' });

    await user.click(toggle);
    await user.selectOptions(screen.getByLabelText('Insolvence'), 'true');
    expect(within(form).getByRole('button', { name: 'Méně filtrů (1)' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Hledat' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ search: 'Novak', insolvency: 'true' });
    await user.click(within(form).getByRole('button', { name: 'Zrušit filtry' }));
    expect(onReset).toHaveBeenCalled();
  });

  it('lists the filters in use as chips that remove one each', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    const { rerender } = render(<ActiveFilters chips={[{ key: 'state', label: 'Stav: Aktivní' }, { key: 'insolvency', label: 'Insolvence: Ano' }]} onRemove={onRemove} />);
    const list = screen.getByRole('list', { name: 'Použité filtry' });
    await user.click(within(list).getByRole('button', { name: 'Odebrat filtr Insolvence: Ano' }));
    expect(onRemove).toHaveBeenCalledWith('insolvency');
    await expectAccessible(document.body);

    rerender(<ActiveFilters chips={[]} onRemove={onRemove} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('announces the result count politely', () => {
    render(<ResultsAnnouncement message="Nalezeno 12 obchodů." />);
    expect(screen.getByRole('status').textContent).toBe('Nalezeno 12 obchodů.');
  });
});
