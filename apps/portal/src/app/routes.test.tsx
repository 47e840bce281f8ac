import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('portal routes', () => {
  it('shows the Crossroad with both loan types and the intro only on /', () => {
    renderAt('/');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Půjčka bez zbytečných starostí');
    expect(screen.getByRole('link', { name: /Podnikám/ }).getAttribute('href')).toBe('/vyse-pujcky?type=INVESTMENT_LOAN');
    expect(screen.getByRole('link', { name: /Nepodnikám/ }).getAttribute('href')).toBe('/vyse-pujcky?type=CONSUMER_LOAN');
  });

  it('renders the footer help block with the default helpline', () => {
    renderAt('/');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Bezplatná linka')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '800 100 200' }).getAttribute('href')).toBe('tel:+420800100200');
    expect(within(footer).getByText('Po–Pá 9–17')).toBeTruthy();
    expect(within(footer).getByText('Na trhu již 11 let')).toBeTruthy();
    expect(within(footer).getByRole('button', { name: 'Nastavení cookies' })).toBeTruthy();
  });

  it('goes from a choice to the loan amount step with the stepper', async () => {
    const router = renderAt('/');

    await userEvent.click(screen.getByRole('link', { name: /Nepodnikám/ }));

    expect(router.state.location.pathname).toBe('/vyse-pujcky');
    expect(screen.getByRole('heading', { level: 1, name: 'Výše půjčky' })).toBeTruthy();
    const stepper = screen.getByRole('navigation', { name: 'Postup žádosti' });
    const labels = within(stepper)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s*\(.*\)$/, '').replace(/^\d/, ''));
    expect(labels).toEqual(['Výše půjčky', 'Osobní údaje', 'Zajištění', 'Dokumenty']);
    expect(screen.getByText('Spotřebitelská půjčka')).toBeTruthy();
    // The header intro belongs to the Crossroad only.
    expect(screen.queryByText('Půjčka bez zbytečných starostí')).toBeNull();
  });

  it('sends a loan step without a valid type back to the Crossroad', () => {
    const router = renderAt('/vyse-pujcky?type=NONSENSE');

    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: /Podnikám/ })).toBeTruthy();
  });

  it('shows NotFound for unknown paths and returns to the start', async () => {
    const router = renderAt('/tohle-neexistuje');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stránka neexistuje');
    await userEvent.click(screen.getByRole('link', { name: 'Zpět na začátek' }));

    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: /Nepodnikám/ })).toBeTruthy();
  });
});
