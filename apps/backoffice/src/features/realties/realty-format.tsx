import { DealState, PurchasedPropertyState, RealtyType } from '@lending/contracts';
import { formatNumber, StatusBadge, type BadgeTone } from '@lending/ui';
import { withQuery } from '@lending/api-client';
import { NavLink } from 'react-router-dom';

/** What names a realty: its address as recorded, else street, city; else its number. */
export function realtyAddress(realty: { id: number; whole_address: string | null; street?: string | null; house_number?: string | null; zip?: string | null; city?: string | null }): string {
  if (realty.whole_address) return realty.whole_address;
  const street = [realty.street, realty.house_number].filter(Boolean).join(' ');
  const city = [realty.zip, realty.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ') || `Nemovitost č. ${realty.id}`;
}

export const realtyTypeLabel = (type: RealtyType) => RealtyType.labels[type] ?? type;

/** A deal's state in Czech (the API writes it as its code). */
export const dealStateLabel = (state: string) => (DealState.labels as Record<string, string>)[state] ?? state;

export const groupName = (group: { id: number; name: string | null }) => group.name ?? `Skupina ${group.id}`;

/** A loan-to-value in per cent as the API writes it ("81.25") in Czech: "81,25 %". */
export function ltvText(ltv: string | null): string {
  return ltv === null ? 'LTV nevyhodnoceno' : `${formatNumber(ltv)} %`;
}

/** The title deeds' order screen, filled in with a realty's territory and LV (`/title-deeds/order?…`). */
export function titleDeedOrderPath(code: string | null, lv: string | null): string {
  return withQuery('/title-deeds/order', { cadastral_location_code: code, code: lv });
}

/** A decimal typed the Czech way ("72,5") as the API takes it ("72.5"). */
export const decimalInput = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');

const STATE_TONES: Record<PurchasedPropertyState, BadgeTone> = { ACQUISITION: 'info', OWNERSHIP: 'success', SOLD: 'neutral' };

export function PurchasedStateBadge({ state }: { state: PurchasedPropertyState }) {
  return <StatusBadge label={PurchasedPropertyState.labels[state]} tone={STATE_TONES[state]} />;
}

/** The open collateral alerts of a realty: "Upozornění: 2". */
export function AlertsBadge({ count }: { count: number }) {
  return count > 0 ? <StatusBadge label={`Upozornění: ${count}`} tone="danger" /> : null;
}

/** The pages of the realties' area, as tabs under the heading (links: each is its own screen). */
export function RealtiesTabs() {
  const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'tabs__tab tabs__tab--selected' : 'tabs__tab');
  return (
    <nav aria-label="Evidence nemovitostí" className="tabs">
      <NavLink to="/realties" end className={className}>
        Nemovitosti
      </NavLink>
      <NavLink to="/realties/purchased" className={className}>
        Koupené nemovitosti
      </NavLink>
      <NavLink to="/realty-groups" className={className}>
        Skupiny nemovitostí
      </NavLink>
    </nav>
  );
}
