import { useState } from 'react';
import { StatusBadge } from '@lending/ui';
import { useCurrentUser } from '../../shared/current-user';
import { useLogout } from './useLogout';

/** Who is signed in, and the way out. */
export function CurrentUserBar() {
  const { data: user, error } = useCurrentUser();
  const logout = useLogout();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  return (
    <div className="user-bar">
      <span className="user-bar__who" aria-live="polite">
        {user ? (
          <>
            {`Přihlášen: ${user.email} (${user.role_label})`}
            {user.permissions.every((p) => p === 'staff.read') && (
              <>
                {' '}
                <StatusBadge label="jen pro čtení" tone="info" />
              </>
            )}
          </>
        ) : error
            ? 'Nepodařilo se načíst přihlášeného uživatele.'
            : 'Načítám…'}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={isLoggingOut}
        onClick={async () => {
          setIsLoggingOut(true);
          await logout();
        }}
      >
        Odhlásit se
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={isLoggingOut}
        title="Ukončí přihlášení i v ostatních prohlížečích a zařízeních"
        onClick={async () => {
          setIsLoggingOut(true);
          await logout('everywhere');
        }}
      >
        Odhlásit všude
      </button>
    </div>
  );
}
