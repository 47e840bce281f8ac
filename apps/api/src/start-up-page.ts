import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

// What the port answers while the server starts (PostgreSQL, migrations, and on the first start
// the demo data, which takes minutes): it listens from the first moment, so a browser opened at
// the printed address sees a Czech page saying what is happening (and reloads itself) instead of
// a refused connection, and a load balancer's readiness check gets 503 until the API serves.

/** Where the demo seed is: a step, and for counted steps how far. */
export interface SeedStep {
  step: string;
  done?: number;
  total?: number;
}

export interface StartUpState {
  /** The first start is seeding the demo data. */
  seeding: boolean;
  /** The seed's last progress report. */
  progress: SeedStep | null;
  /** The server is stopping (Connection: close, as the API does while draining). */
  stopping: boolean;
}

const RETRY_AFTER_SECONDS = 5;
const STARTING = 'Aplikace se spouští, za okamžik bude připravena.';
const SEEDING = 'Probíhá první spuštění – připravujeme ukázková data…';

const CZECH_STEPS: Record<string, string> = {
  staff: 'uživatelé',
  persons: 'osoby',
  leads: 'žádosti',
  borrowers: 'dlužníci',
  deals: 'obchody',
  payments: 'platby: výpis',
  'close of business': 'uzávěrka dne',
  realties: 'nemovitosti a listy vlastnictví',
};

/** "deals 400/1500", "payments: statement 12/37" (the console, readiness); in Czech for the page. */
export function describeProgress({ step, done, total }: SeedStep, language: 'en' | 'cs' = 'en'): string {
  const name = language === 'cs' ? (CZECH_STEPS[step] ?? step) : step === 'payments' ? 'payments: statement' : step;
  return total === undefined ? name : `${name} ${done ?? 0}/${total}`;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(state: StartUpState): string {
  const headline = state.seeding ? SEEDING : STARTING;
  const detail = state.seeding
    ? `<p>Naplňujeme prázdnou databázi ukázkovými daty (osoby, žádosti, obchody a jejich platby). Trvá to dvě až tři minuty; stránka se sama obnoví.</p>${state.progress ? `<p class="progress">${escape(describeProgress(state.progress, 'cs'))}</p>` : ''}`
    : '<p>Stránka se sama obnoví.</p>';
  return `<!doctype html>
<html lang="cs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>${escape(headline)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f5f6f8; color: #1f2933; }
main { max-width: 36rem; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.08); }
h1 { font-size: 1.3rem; margin-top: 0; }
.progress { font-family: ui-monospace, monospace; color: #52606d; }
</style>
</head>
<body><main><h1>${escape(headline)}</h1>${detail}</main></body>
</html>
`;
}

/** The request handler of the starting server (see the top of this file). */
export function startUpHandler(state: StartUpState): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    res.setHeader('Cache-Control', 'no-store');
    if (state.stopping) res.setHeader('Connection', 'close');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    // The process is up: liveness says so (an orchestrator must not restart a long first start).
    if (path === '/api/v1/healthcheck/live/') return send(200, 'application/json', JSON.stringify({ status: 'ok' }));
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (path === '/api/v1/healthcheck/ready/') {
      return send(503, 'application/json', JSON.stringify({ status: 'starting', shutting_down: state.stopping, seeding: state.seeding, progress: state.progress && describeProgress(state.progress) }));
    }
    if (path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return send(503, 'application/json', JSON.stringify({ detail: state.seeding ? SEEDING : STARTING }));
    }
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return send(503, 'text/html; charset=utf-8', page(state));
  };
}
