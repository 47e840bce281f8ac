import type { StaffRole } from '@lending/contracts';
import { lazy, Suspense } from 'react';
import { Loading } from '@lending/ui';
import { useCurrentUser } from '../../shared/current-user';
import { PageHeader } from '../../shared/ui/Layout';
import { SectionError } from './SectionError';

// "Přehled" (SERVICING.md §9): the figures each role works with, every one a link to the list
// behind it. The portfolio is everyone's; the desks' sections go to the roles that work them, and
// to ADMIN and VIEWER (who oversee all of them).
//
// This page is the landing page, so it is part of the first load and keeps to what that load has
// anyway (no zod, no contracts at run time): the sections are a chunk of their own, and their
// charts (uPlot) another one (Chart.tsx).
// A chunk that fails to load (a deploy replaced it, the network dropped) leaves the layout in place.
const DashboardSections = lazy(() => import('./DashboardSections').catch(() => ({ default: SectionsUnavailable })));

function SectionsUnavailable() {
  return (
    <div className="state state--error">
      <p className="state__title">Přehled se nepodařilo načíst.</p>
      <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
        Načíst stránku znovu
      </button>
    </div>
  );
}

export type SectionId = 'portfolio' | 'collections' | 'payments' | 'pipeline';

export const SECTIONS_BY_ROLE: Record<StaffRole, readonly SectionId[]> = {
  ADMIN: ['portfolio', 'collections', 'payments', 'pipeline'],
  UNDERWRITER: ['portfolio', 'pipeline'],
  COLLECTIONS: ['portfolio', 'collections'],
  ACCOUNTANT: ['portfolio', 'payments'],
  VIEWER: ['portfolio', 'collections', 'payments', 'pipeline'],
};

export function DashboardPage() {
  const { data: user, error, mutate } = useCurrentUser();
  return (
    <>
      <PageHeader title="Přehled" />
      {error ? (
        <SectionError error={error} title="Nepodařilo se zjistit, kdo je přihlášen." onRetry={() => void mutate()} />
      ) : !user ? (
        <Loading label="Načítám přehled…" />
      ) : (
        <Suspense fallback={<Loading label="Načítám přehled…" />}>
          <DashboardSections sections={SECTIONS_BY_ROLE[user.role]} />
        </Suspense>
      )}
    </>
  );
}
