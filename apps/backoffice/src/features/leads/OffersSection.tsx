import { OfferKind, type OfferView } from '@lending/contracts';
import { type Column, DataTable, EmptyState, formatCzk, formatDateTime, formatMoney, formatOptionalDateTime } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';

/** "6 × 5 000 Kč, 12 × 3 000 Kč" */
export function describeClaimGroups(offer: OfferView): string {
  return [...offer.claim_groups]
    .sort((a, b) => a.order - b.order)
    .map((group) => `${group.count} × ${formatCzk(group.amount)}`)
    .join(', ');
}

const columns: Column<OfferView>[] = [
  { key: 'created', header: 'Vydáno', rowHeader: true, render: (offer) => formatDateTime(offer.created_at) },
  { key: 'kind', header: 'Druh', render: (offer) => OfferKind.labels[offer.kind] },
  { key: 'value', header: 'Výše úvěru', numeric: true, render: (offer) => formatMoney(offer.value) },
  {
    key: 'installments',
    header: 'Splátky',
    render: (offer) => (offer.kind === 'REGULAR' ? `${formatMoney(offer.installment_value)} měsíčně` : describeClaimGroups(offer)),
  },
  { key: 'total', header: 'Celkem', numeric: true, render: (offer) => formatMoney(offer.total_amount) },
  { key: 'sent', header: 'Odesláno', render: (offer) => formatOptionalDateTime(offer.sent_at) },
  { key: 'applied', header: 'Přijato žadatelem', render: (offer) => formatOptionalDateTime(offer.applied_at) },
];

export function OffersSection({ offers }: { offers: readonly OfferView[] }) {
  const sorted = [...offers].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Section title="Nabídky">
      {sorted.length === 0 ? (
        <EmptyState>Žadateli zatím nebyla vydána žádná nabídka.</EmptyState>
      ) : (
        <DataTable caption="Vydané nabídky" captionHidden columns={columns} rows={sorted} rowKey={(offer) => offer.id} />
      )}
    </Section>
  );
}
