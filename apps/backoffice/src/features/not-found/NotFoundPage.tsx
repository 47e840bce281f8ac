import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title">
      <title>Stránka neexistuje – Back-office</title>
      <h1 id="not-found-title">Stránka neexistuje</h1>
      <p>
        <Link to="/">Zpět na přehled</Link>
      </p>
    </section>
  );
}
