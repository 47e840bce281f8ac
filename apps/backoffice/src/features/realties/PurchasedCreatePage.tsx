import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../shared/current-user';
import { showToast } from '../../shared/toast';
import { PageHeader } from '../../shared/ui/Layout';
import { createPurchased, useRevalidateRealties } from './api';
import { PurchasedForm } from './PurchasedForm';
import './realties.css';

/** "Nová koupená nemovitost" (`/realties/purchased/new`): POST, then its screen. */
export function PurchasedCreatePage() {
  const navigate = useNavigate();
  const revalidate = useRevalidateRealties();
  const { data: me } = useCurrentUser();
  const refused = me !== undefined && !me.permissions.includes('realties.write');
  return (
    <>
      <p className="breadcrumbs">
        <Link to="/realties/purchased">Koupené nemovitosti</Link>
      </p>
      <PageHeader title="Nová koupená nemovitost" />
      {refused ? (
        <p className="notice">Koupené nemovitosti zadává jen role s oprávněním spravovat nemovitosti.</p>
      ) : (
        <div className="card">
          <PurchasedForm
            property={null}
            submitLabel="Uložit koupenou nemovitost"
            onSave={async (body) => {
              const created = await createPurchased(body);
              await revalidate();
              showToast('Koupená nemovitost byla uložena.');
              navigate(`/realties/purchased/${created.id}`);
            }}
            actions={
              <Link className="button button--secondary" to="/realties/purchased">
                Zrušit
              </Link>
            }
          />
        </div>
      )}
    </>
  );
}
