import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './Pagination';
import { expectAccessible } from './test-axe';

describe('Pagination', () => {
  it('shows the pages around the current one with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('says what is shown, turns pages and changes the page size', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(<Pagination page={5} pageSize={20} count={1234} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} label="Stránkování obchodů" />);
    expect(screen.getByText(/^Zobrazeno 81–100 z 1\s234$/)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Stránkování obchodů' });
    expect(within(nav).getByRole('button', { name: 'Strana 5' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(document.body);

    await user.click(within(nav).getByRole('button', { name: 'Další strana' }));
    await user.click(within(nav).getByRole('button', { name: 'Strana 62' }));
    await user.selectOptions(screen.getByLabelText('Záznamů na stránku'), '50');
    expect(onPageChange.mock.calls).toEqual([[6], [62]]);
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('has nothing to turn on one page, and says so when empty', () => {
    render(<Pagination page={1} pageSize={20} count={0} onPageChange={() => {}} />);
    expect(screen.getByText('Žádné záznamy')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
