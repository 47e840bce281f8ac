import type { TitleDeedChange, TitleDeedExtract, TitleDeedListItem } from '@lending/contracts';

/** "LV 1234, Brno-město" (or the cadastre's id of an LV ordered by it). */
export function deedName(deed: Pick<TitleDeedListItem, 'id' | 'lv_number' | 'cadastral_location_name' | 'cadastral_location_code' | 'external_id'>): string {
  const territory = deed.cadastral_location_name ?? deed.cadastral_location_code;
  if (deed.lv_number) return `LV ${deed.lv_number}${territory ? `, ${territory}` : ''}`;
  if (deed.external_id) return `LV s identifikátorem ${deed.external_id}`;
  return `Výpis č. ${deed.id}`;
}

export const SANDBOX_NOTICE = 'Zkušební výpis (sandbox) – nejde o údaje z katastru.';

export const OWNERSHIP_KIND_LABELS: Record<TitleDeedExtract['owners'][number]['kind'], string> = {
  OWNERSHIP: 'Vlastnické právo',
  JOINT_MARITAL_OWNERSHIP: 'Společné jmění manželů',
};

export const CHANGE_PART_LABELS: Record<TitleDeedChange['part'], string> = {
  OWNER: 'Vlastník',
  ENCUMBRANCE: 'Omezení',
  PARCEL: 'Pozemek',
  BUILDING: 'Stavba',
  UNIT: 'Jednotka',
};

const withHellers = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The price of an extract as the order confirms it, with haléře ("150,00 Kč"): the form the
 * cadastre charges in and the API's own message of a changed price writes, so the screen reads
 * the same amount twice the same way. (Elsewhere amounts follow formatCzk: "150 Kč".) Prices are
 * small canonical decimals ("150.00"), exact as a number.
 */
export const priceText = (price: string) => withHellers.format(Number(price));

/** What changed between two extracts: what was added, what was removed, or "Beze změn". */
export function ChangesList({ changes, label }: { changes: readonly TitleDeedChange[]; label: string }) {
  if (changes.length === 0) return <p>Beze změn</p>;
  const added = changes.filter((c) => c.kind === 'ADDED');
  const removed = changes.filter((c) => c.kind === 'REMOVED');
  const list = (items: readonly TitleDeedChange[], title: string) =>
    items.length > 0 && (
      <div className="deed-changes__group">
        <h3>{title}</h3>
        <ul aria-label={`${label}: ${title.toLowerCase()}`}>
          {items.map((change, index) => (
            <li key={index}>
              <strong>{CHANGE_PART_LABELS[change.part]}:</strong> {change.text}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className="deed-changes">
      {list(added, 'Přibylo')}
      {list(removed, 'Ubylo')}
    </div>
  );
}
