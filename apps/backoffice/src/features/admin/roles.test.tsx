import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { meHandler, renderApp } from '../../test/render-app';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('roles and permissions', () => {
  it('shows ADMIN the table read-only: who may book payments, change claims, order payouts', async () => {
    mockApi({ ...meHandler('ADMIN') });
    renderApp('/roles');

    const nav = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
    expect(within(nav).getByRole('link', { name: 'Role a oprávnění' }).getAttribute('href')).toBe('/roles');
    expect(await screen.findByRole('heading', { name: 'Role a oprávnění' })).toBeTruthy();
    const columns = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(columns).toEqual(['Oprávnění', 'Administrátor', 'Schvalovatel úvěrů', 'Vymáhání', 'Účetní', 'Pouze pro čtení']);
    const cells = (code: string) => within(screen.getByText(code).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    // Hand-written from ROLES.md §1, in the columns' order.
    expect(cells('payments.book')).toEqual(['✓ano', '–ne', '–ne', '✓ano', '–ne']);
    expect(cells('claims.write')).toEqual(['✓ano', '–ne', '✓ano', '✓ano', '–ne']);
    expect(cells('payouts.order')).toEqual(['✓ano', '–ne', '–ne', '✓ano', '–ne']);
    expect(cells('deals.originate')).toEqual(['✓ano', '✓ano', '–ne', '–ne', '–ne']);
  });

  it('shows other roles no link to it, and VIEWER a "jen pro čtení" badge', async () => {
    mockApi({ ...meHandler('VIEWER') });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
    expect(await screen.findByText('jen pro čtení')).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Role a oprávnění' })).toBeNull();
  });

  it('shows an underwriter no read-only badge', async () => {
    mockApi({ ...meHandler('UNDERWRITER') });
    renderApp('/');
    expect(await screen.findByText(/Přihlášen: jana\.dvorakova@demo\.cz/)).toBeTruthy();
    expect(screen.queryByText('jen pro čtení')).toBeNull();
  });
});
