import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="card not-found" aria-labelledby="not-found-title">
      <title>Stránka neexistuje – Žádost o půjčku online</title>
      <h1 id="not-found-title">Stránka neexistuje</h1>
      <p>Odkaz může být neplatný nebo stránka byla přesunuta.</p>
      <Link to="/" className="button">
        Zpět na začátek
      </Link>
    </section>
  );
}
