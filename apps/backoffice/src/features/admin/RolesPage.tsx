import { TableScroll } from '@lending/ui';
import { Permission, PERMISSION_ROLES, StaffRole } from '@lending/contracts';
import { PageHeader } from '../../shared/ui/Layout';

/**
 * "Role a oprávnění" (ROLES.md §1, docs/decisions/0044): the table the API authorizes by, shown
 * read-only — who holds which permission. It is data in packages/contracts, changed by a commit.
 */
export function RolesPage() {
  return (
    <>
      <PageHeader title="Role a oprávnění" subtitle="Jen pro čtení: tabulka, podle které API povoluje jednotlivé akce." />
      <TableScroll label="Oprávnění podle rolí">
        <table className="table">
          <caption className="visually-hidden">Oprávnění podle rolí</caption>
          <thead>
            <tr>
              <th scope="col">Oprávnění</th>
              {StaffRole.values.map((role) => (
                <th key={role} scope="col">
                  {StaffRole.labels[role]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Permission.values.map((permission) => (
              <tr key={permission}>
                <th scope="row">
                  {Permission.labels[permission]}
                  <br />
                  <code>{permission}</code>
                </th>
                {StaffRole.values.map((role) => {
                  const holds = PERMISSION_ROLES[permission].includes(role);
                  return (
                    <td key={role}>
                      <span aria-hidden="true">{holds ? '✓' : '–'}</span>
                      <span className="visually-hidden">{holds ? 'ano' : 'ne'}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
