import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lending/api-client';
import { DataTable, nextOrdering, type Column } from './DataTable';
import { formatCzk } from './format';
import { expectAccessible } from './test-axe';

interface Claim {
  id: number;
  due_date: string;
  amount: string;
}

const columns: Column<Claim>[] = [
  { key: 'id', header: 'Číslo', render: (c) => c.id, rowHeader: true },
  { key: 'due', header: 'Splatnost', render: (c) => c.due_date, sortKey: 'due_date' },
  { key: 'amount', header: 'Částka', render: (c) => formatCzk(c.amount), sortKey: 'amount', numeric: true },
];
const claims: Claim[] = [
  { id: 1, due_date: '2026-11-23', amount: '8884.88' },
  { id: 2, due_date: '2026-12-23', amount: '8884.88' },
];

describe('DataTable', () => {
  it('sorts by its header buttons, with the keyboard too, and says which way', async () => {
    const user = userEvent.setup();
    const onOrderingChange = vi.fn();
    function Table() {
      const [ordering, setOrdering] = useState('-due_date');
      return (
        <DataTable
          caption="Pohledávky"
          columns={columns}
          rows={claims}
          rowKey={(c) => c.id}
          ordering={ordering}
          onOrderingChange={(next) => {
            onOrderingChange(next);
            setOrdering(next);
          }}
        />
      );
    }
    render(<Table />);
    const table = screen.getByRole('table', { name: 'Pohledávky' });
    expect(within(table).getByRole('columnheader', { name: /Splatnost/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getByRole('rowheader', { name: '1' })).toBeTruthy();
    expect(within(table).getAllByRole('cell')[1]?.className).toBe('table__numeric');
    await expectAccessible(document.body);

    within(table).getByRole('button', { name: /Částka/ }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onOrderingChange.mock.calls.map(([o]) => o)).toEqual(['amount', '-amount']);
    expect(within(table).getByRole('columnheader', { name: /Částka/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getByRole('columnheader', { name: /Splatnost/ }).hasAttribute('aria-sort')).toBe(false);
    expect(nextOrdering('-amount', 'due_date')).toBe('due_date');
  });

  it('before its rows: loading, a failed load with retry, or the empty text', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const texts = { loading: 'Načítám pohledávky…', empty: 'Obchod nemá žádné pohledávky.', error: 'Pohledávky se nepodařilo načíst.' };
    const table = (props: { rows: Claim[] | undefined; error?: unknown }) => <DataTable caption="Pohledávky" columns={columns} rowKey={(c) => c.id} texts={texts} onRetry={retry} {...props} />;

    const { rerender } = render(table({ rows: undefined }));
    expect(screen.getByRole('status').textContent).toBe('Načítám pohledávky…');

    rerender(table({ rows: undefined, error: new ApiError(503, undefined) }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Pohledávky se nepodařilo načíst.');
    expect(alert.textContent).toContain('Na serveru došlo k chybě.');
    await user.click(within(alert).getByRole('button', { name: 'Zkusit znovu' }));
    expect(retry).toHaveBeenCalled();

    rerender(table({ rows: [] }));
    expect(screen.getByText('Obchod nemá žádné pohledávky.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    // Rows loaded before a failed refetch stay on screen.
    rerender(table({ rows: claims, error: new ApiError(503, undefined) }));
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
