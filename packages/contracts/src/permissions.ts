import { defineEnum, type EnumValue } from './enum.ts';
import { StaffRole, type DealState } from './enums.ts';

// Permissions, not role lists (ROLES.md §1, docs/decisions/0044): every staff route names one
// permission, and this table — data, shown read-only to ADMIN and printed in the OpenAPI
// description of each operation — says which roles hold it. Four-eyes (ROLES.md §2) decides
// later whether holding a permission executes an action or only asks for its approval.

export const Permission = defineEnum(
  [
    'staff.read',
    'notes.write',
    'leads.write',
    'persons.write',
    'persons.contacts.write',
    'persons.records.write',
    'persons.identifiers.read',
    'deals.originate',
    'deals.state',
    'drawings.write',
    'deals.activate',
    'claims.write',
    'collections.write',
    'deals.collect',
    'deals.close',
    'approvals.servicing',
    'payments.book',
    'payouts.order',
    'close-of-business.run',
    'reports.generate',
    'reports.register',
    'realties.write',
    'cadastre.order',
    'administration',
  ],
  {
    'staff.read': 'Čtení všeho, co personál vidí (seznamy, detaily, exporty bez nemaskovaných osobních údajů)',
    'notes.write': 'Poznámky a štítky u obchodů a osob',
    'leads.write': 'Leady, nabídky, hovory, IDM, prověrky',
    'persons.write': 'Osoby (zápis), černá listina',
    'persons.contacts.write': 'Kontakty a adresy osob',
    'persons.records.write': 'Záznamy o exekucích osob (poznámky, stav)',
    'persons.identifiers.read': 'Zobrazení nemaskovaných rodných čísel a čísel dokladů (zaznamenává se)',
    'deals.originate': 'Sjednání obchodu, dokud není aktivní: obchod, model, účastníci, účely a čerpání, zajištění, závazky, stav do podpisu smlouvy',
    'deals.state': 'Změna stavu obchodu (cílový stav vyžaduje své oprávnění)',
    'drawings.write': 'Změna čerpání (částka a den vyžadují sjednání, spárování s výplatou zaúčtování plateb)',
    'deals.activate': 'Aktivace obchodu (vytvoří pohledávky)',
    'claims.write': 'Pohledávky obsluhovaného obchodu: vytvoření, změna, zrušení; skupiny, nastavení, nová verze modelu',
    'collections.write': 'Vymáhání: vyčíslení, exekuční tituly, porušení',
    'deals.collect': 'Insolvence, předání k vymáhání, zesplatnění',
    'deals.close': 'Ukončení obchodu, odpis',
    'approvals.servicing': 'Schvalování změn pohledávek, restrukturalizací a ukončení obchodů navržených jiným uživatelem (čtyři oči)',
    'payments.book': 'Platby: import výpisů, párování, hromadné přiřazení, ruční zadání',
    'payouts.order': 'Výplaty: platební příkazy čerpání, vratky přeplatků',
    'close-of-business.run': 'Uzávěrka dne, repo sazby',
    'reports.generate': 'Vytváření reportů (pohledávky, stavy obchodů, platby, rozpad plateb)',
    'reports.register': 'Dávky pro registr klientských informací (CNCB / NRKI)',
    'realties.write': 'Koupené nemovitosti, vyřízení upozornění na změny v listech vlastnictví',
    'cadastre.order': 'Objednání výpisu z listu vlastnictví z katastru nemovitostí (placené)',
    administration: 'Uživatelé, API klíče, nastavení, auditní záznam',
  },
);
export type Permission = EnumValue<typeof Permission>;

const EVERY_ROLE = StaffRole.values;

/** Which roles hold each permission (ROLES.md §1). */
export const PERMISSION_ROLES: { readonly [P in Permission]: readonly StaffRole[] } = {
  'staff.read': EVERY_ROLE,
  'notes.write': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT'],
  'leads.write': ['ADMIN', 'UNDERWRITER'],
  'persons.write': ['ADMIN', 'UNDERWRITER'],
  'persons.contacts.write': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS'],
  'persons.records.write': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS'],
  // Unmasked birth numbers and identity cards for the roles whose work needs them; each reveal is
  // audited (ROLES.md §1, docs/decisions/0046). Everyone else sees them masked.
  'persons.identifiers.read': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS'],
  'deals.originate': ['ADMIN', 'UNDERWRITER'],
  'deals.state': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT'],
  'drawings.write': ['ADMIN', 'UNDERWRITER', 'ACCOUNTANT'],
  'deals.activate': ['ADMIN', 'ACCOUNTANT'],
  'claims.write': ['ADMIN', 'COLLECTIONS', 'ACCOUNTANT'],
  'collections.write': ['ADMIN', 'COLLECTIONS'],
  'deals.collect': ['ADMIN', 'COLLECTIONS'],
  'deals.close': ['ADMIN', 'COLLECTIONS', 'ACCOUNTANT'],
  // Collections propose claim changes and closings; they do not approve them (ROLES.md §1).
  'approvals.servicing': ['ADMIN', 'ACCOUNTANT'],
  'payments.book': ['ADMIN', 'ACCOUNTANT'],
  'payouts.order': ['ADMIN', 'ACCOUNTANT'],
  'close-of-business.run': ['ADMIN', 'ACCOUNTANT'],
  // Reports are made by every role that works the book; VIEWER reads and downloads them (staff.read).
  'reports.generate': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT'],
  // The register's contribution is the lender's legal reporting: the back office that keeps the books.
  'reports.register': ['ADMIN', 'ACCOUNTANT'],
  'realties.write': ['ADMIN', 'UNDERWRITER'],
  'cadastre.order': ['ADMIN', 'UNDERWRITER', 'COLLECTIONS'],
  administration: ['ADMIN'],
};

/** Whether `role` holds `permission`. */
export function roleHolds(role: StaffRole, permission: Permission): boolean {
  return PERMISSION_ROLES[permission].includes(role);
}

/** The permissions `role` holds, in the table's order. */
export function permissionsOf(role: StaffRole): Permission[] {
  return Permission.values.filter((p) => roleHolds(role, p));
}

/**
 * What a deal's move to `target` asks beyond `deals.state` (the route's): originating states for
 * underwriting, ACTIVE for activation, insolvency for collections, closing for closing.
 */
export function dealStatePermission(target: DealState): Permission {
  switch (target) {
    case 'ACTIVE':
      return 'deals.activate';
    case 'FILED_FOR_INSOLVENCY':
      return 'deals.collect';
    case 'CLOSED':
      return 'deals.close';
    default:
      return 'deals.originate';
  }
}

/**
 * What a change of a drawing asks beyond `drawings.write` (the route's): its amount or day are
 * origination, pairing it with its payout is payments work; its note alone asks nothing more.
 */
export function drawingChangePermissions(changes: { amount?: unknown; drawn_at?: unknown; payment?: unknown }): Permission[] {
  return [
    ...(changes.amount !== undefined || changes.drawn_at !== undefined ? (['deals.originate'] as const) : []),
    ...(changes.payment !== undefined ? (['payments.book'] as const) : []),
  ];
}
