import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';

describe('route error', () => {
  it('offers a reload in Czech when a feature chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(
      [{ path: '/', errorElement: <RouteError />, lazy: () => Promise.reject(new Error('Loading chunk 3 failed')) }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Stránku se nepodařilo zobrazit' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Část aplikace se nepodařilo načíst.');
    expect(screen.getByRole('button', { name: 'Načíst znovu' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
