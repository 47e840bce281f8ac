import { Link } from 'react-router-dom';
import { PageHeading } from '../../shared/ui/PageHeading';

export default function NotFoundPage() {
  return (
    <section className="card not-found">
      <title>Stránka neexistuje – Žádost o půjčku online</title>
      <PageHeading>Stránka neexistuje</PageHeading>
      <p>Odkaz může být neplatný nebo stránka byla přesunuta.</p>
      <Link to="/" className="button">
        Zpět na začátek
      </Link>
    </section>
  );
}
