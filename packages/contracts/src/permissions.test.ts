import { describe, expect, it } from 'vitest';
import { dealStatePermission, drawingChangePermissions, permissionsOf, roleHolds } from './permissions.ts';

// Known answers from ROLES.md §1 and docs/decisions/0044, written by hand.
describe('permissions', () => {
  it('gives VIEWER reading only, and ADMIN everything', () => {
    expect(permissionsOf('VIEWER')).toEqual(['staff.read']);
    expect(roleHolds('ADMIN', 'administration')).toBe(true);
    expect(roleHolds('ACCOUNTANT', 'administration')).toBe(false);
  });

  it('separates who approves a deal from who pays it out and who changes what is owed', () => {
    expect(permissionsOf('UNDERWRITER')).toEqual(['staff.read', 'notes.write', 'leads.write', 'persons.write', 'persons.contacts.write', 'persons.records.write', 'persons.identifiers.read', 'deals.originate', 'deals.state', 'drawings.write', 'reports.generate', 'realties.write', 'cadastre.order']);
    expect(permissionsOf('ACCOUNTANT')).toEqual(['staff.read', 'notes.write', 'deals.state', 'drawings.write', 'deals.activate', 'claims.write', 'deals.close', 'approvals.servicing', 'payments.book', 'payouts.order', 'close-of-business.run', 'reports.generate', 'reports.register']);
    expect(permissionsOf('COLLECTIONS')).toEqual(['staff.read', 'notes.write', 'persons.contacts.write', 'persons.records.write', 'persons.identifiers.read', 'deals.state', 'claims.write', 'collections.write', 'deals.collect', 'deals.close', 'reports.generate', 'cadastre.order']);
  });

  it('lets collections propose changes of what is owed but not approve them', () => {
    expect(roleHolds('COLLECTIONS', 'claims.write')).toBe(true);
    expect(roleHolds('COLLECTIONS', 'approvals.servicing')).toBe(false);
    expect(roleHolds('ACCOUNTANT', 'approvals.servicing')).toBe(true);
    expect(roleHolds('UNDERWRITER', 'approvals.servicing')).toBe(false);
  });

  it('shows unmasked birth numbers and identity cards only to the roles whose work needs them', () => {
    expect(roleHolds('ADMIN', 'persons.identifiers.read')).toBe(true);
    expect(roleHolds('UNDERWRITER', 'persons.identifiers.read')).toBe(true);
    expect(roleHolds('COLLECTIONS', 'persons.identifiers.read')).toBe(true);
    expect(roleHolds('ACCOUNTANT', 'persons.identifiers.read')).toBe(false);
    expect(roleHolds('VIEWER', 'persons.identifiers.read')).toBe(false);
  });

  it("asks a deal's target state its own permission", () => {
    expect(dealStatePermission('ACTIVE')).toBe('deals.activate');
    expect(dealStatePermission('FILED_FOR_INSOLVENCY')).toBe('deals.collect');
    expect(dealStatePermission('CLOSED')).toBe('deals.close');
    expect(dealStatePermission('CONTRACT_SIGN')).toBe('deals.originate');
    expect(dealStatePermission('CLOSED_APPLICATION')).toBe('deals.originate');
  });

  it("asks a drawing's change what its fields need", () => {
    expect(drawingChangePermissions({ note: 'x' } as object)).toEqual([]);
    expect(drawingChangePermissions({ amount: '10.00' })).toEqual(['deals.originate']);
    expect(drawingChangePermissions({ drawn_at: null })).toEqual(['deals.originate']);
    expect(drawingChangePermissions({ payment: null })).toEqual(['payments.book']);
    expect(drawingChangePermissions({ amount: '1.00', payment: 7 })).toEqual(['deals.originate', 'payments.book']);
  });
});
