import type { SearchHit, SearchResponse } from '@lending/contracts';
import { errorMessage } from '@lending/api-client';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../shared/api';

const pathOf = (hit: SearchHit) => (hit.kind === 'DEAL' ? `/deals/${hit.id}` : `/persons/${hit.id}`);

/**
 * The header's search (issue 22 §3): a deal's number, contract number or VS, a person's name,
 * birth number, IČO, e-mail or phone. One match opens it at once; several are listed to choose.
 */
export function GlobalSearch() {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [q, setQ] = useState('');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'searching' } | { kind: 'found'; result: SearchResponse; q: string } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const panel = useRef<HTMLDivElement>(null);

  // A new screen closes the results.
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setState({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const term = q.trim();
    if (term.length < 2) {
      setState({ kind: 'failed', message: 'Zadejte alespoň 2 znaky.' });
      return;
    }
    setState({ kind: 'searching' });
    try {
      const result = await api.get('/api/v1/search/', { query: { q: term } });
      if (result.only) {
        setState({ kind: 'idle' });
        setQ('');
        navigate(pathOf(result.only));
      } else {
        setState({ kind: 'found', result, q: term });
        requestAnimationFrame(() => panel.current?.focus());
      }
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  const found = state.kind === 'found' ? state.result : null;
  return (
    <div className="global-search" onKeyDown={(event) => event.key === 'Escape' && setState({ kind: 'idle' })}>
      <form role="search" aria-label="Hledat obchod nebo osobu" onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Hledat obchod nebo osobu
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="global-search__input"
          placeholder="Číslo obchodu, smlouvy, VS, jméno, RČ, e-mail, telefon"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          aria-describedby={state.kind === 'failed' ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button--small" disabled={state.kind === 'searching'}>
          Hledat<span className="visually-hidden"> obchod nebo osobu</span>
        </button>
      </form>
      {state.kind === 'failed' && (
        <p id={`${id}-error`} className="global-search__error" role="alert">
          {state.message}
        </p>
      )}
      {found && state.kind === 'found' && (
        <div ref={panel} className="global-search__results" role="region" aria-label={`Výsledky hledání „${state.q}“`} tabIndex={-1}>
          {found.deals.length === 0 && found.persons.length === 0 ? (
            <p>Nic nenalezeno.</p>
          ) : (
            <>
              <Hits title="Obchody" hits={found.deals} more={found.more_deals ? `/deals?search=${encodeURIComponent(state.q)}` : null} />
              <Hits title="Osoby" hits={found.persons} more={found.more_persons ? `/persons?search=${encodeURIComponent(state.q)}` : null} />
            </>
          )}
          <button type="button" className="button button--ghost button--small" onClick={() => setState({ kind: 'idle' })}>
            Zavřít výsledky
          </button>
        </div>
      )}
    </div>
  );
}

function Hits({ title, hits, more }: { title: string; hits: SearchHit[]; more: string | null }) {
  if (hits.length === 0) return null;
  return (
    <section>
      <h2 className="global-search__title">{title}</h2>
      <ul className="plain-list">
        {hits.map((hit) => (
          <li key={`${hit.kind}-${hit.id}`}>
            <Link to={pathOf(hit)}>{hit.label}</Link>
            {hit.detail && <span className="global-search__detail"> {hit.detail}</span>}
          </li>
        ))}
      </ul>
      {more && <Link to={more}>Zobrazit všechny v seznamu</Link>}
    </section>
  );
}
