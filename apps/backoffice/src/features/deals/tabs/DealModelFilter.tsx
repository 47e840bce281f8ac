import { useId } from 'react';
import { SelectField } from '@lending/ui';
import { useUrlState } from '../../../shared/ui/useUrlState';
import { useDealModelVersions } from '../parts-api';
import './deal-parts.css';

/**
 * The deal_model filter of a tab, kept in the URL under its own key (the tab is in the URL
 * too, so a link shows the same list): '' shows every version.
 */
export function useDealModelFilter(urlKey: string) {
  const state = useUrlState([urlKey]);
  return { value: state.values[urlKey] ?? '', set: (value: string) => state.update({ [urlKey]: value }) };
}

export function DealModelFilter({ dealId, value, onChange }: { dealId: number; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const versions = useDealModelVersions(dealId);
  return (
    <div className="filter-inline">
      <SelectField id={id} label="Verze modelu obchodu" value={value} onChange={onChange} options={versions} placeholder="Všechny verze" />
    </div>
  );
}
