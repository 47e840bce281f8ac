import { paths } from '../shared/application/logic';

// The page chunks (portal.md §4: every page lazy). One import function per page, so the router
// and the preloading below load the same module.
export const pageImports = {
  crossroad: () => import('../features/crossroad/CrossroadPage'),
  loanValue: () => import('../features/loan-application/LoanValuePage'),
  personData: () => import('../features/loan-application/PersonDataPage'),
  cover: () => import('../features/loan-application/CoverPage'),
  documents: () => import('../features/documents/DocumentsPage'),
  thankYou: () => import('../features/thank-you/ThankYouPage'),
  notFound: () => import('../features/not-found/NotFoundPage'),
};

/** The step that usually follows each page. */
const nextPage: Record<string, () => Promise<unknown>> = {
  [paths.crossroad]: pageImports.loanValue,
  [paths.loanValue]: pageImports.personData,
  [paths.personData]: pageImports.cover,
  [paths.cover]: pageImports.documents,
  [paths.documents]: pageImports.thankYou,
};

/**
 * Loads the next step's chunk while the applicant reads the current page, once the browser is
 * idle, so "Pokračovat" rarely waits for the network. A failure is left to the real navigation
 * (which retries and reloads, lazy.ts).
 */
export function preloadNextPage(pathname: string): () => void {
  const load = nextPage[pathname];
  if (!load) return () => {};
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}
