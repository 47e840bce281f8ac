import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { type Page, withQuery } from '@lending/api-client';
import { formatNumber } from '@lending/ui';
import { PageHeader } from '../../shared/ui/Layout';

interface Tile {
  title: string;
  description: string;
  /** Screen the tile opens (with its filter). */
  to: string;
  /** A one-row list query whose count the tile shows. */
  countPath: string;
}

const tiles: Tile[] = [
  {
    title: 'Nové žádosti',
    description: 'Žádosti, které zatím nikdo nezačal řešit.',
    to: '/leads?state=NEW',
    countPath: withQuery('/api/v1/leads/', { page_size: 1, state: 'NEW' }),
  },
  {
    title: 'Žádosti v řešení',
    description: 'Rozpracované žádosti a odeslané nabídky.',
    to: '/leads?state=IN_PROGRESS%2COFFER_SENT',
    countPath: withQuery('/api/v1/leads/', { page_size: 1, state: 'IN_PROGRESS,OFFER_SENT' }),
  },
  {
    title: 'Osoby',
    description: 'Klienti, žadatelé a další osoby v evidenci.',
    to: '/persons',
    countPath: withQuery('/api/v1/persons/', { page_size: 1 }),
  },
];

function Count({ path }: { path: string }) {
  // Only `count` is read: a one-row page is the cheapest way to ask the API for it.
  const { data, error } = useSWR<Page<unknown>>(path);
  if (error) return <span className="tile__count">—</span>;
  return <span className="tile__count">{data ? formatNumber(data.count) : '…'}</span>;
}

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Přehled" />
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.title} className="tile card">
            <h2 className="tile__title">
              <Link to={tile.to}>{tile.title}</Link>
            </h2>
            <Count path={tile.countPath} />
            <p>{tile.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
