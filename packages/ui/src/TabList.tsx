import { useRef, type KeyboardEvent } from 'react';

export interface TabListProps<Id extends string> {
  /** The tab list's accessible name ("Části obchodu"). */
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Tab ids are `${idPrefix}-${id}`; each controls the panel `panelId` (labelled by the selected tab). */
  idPrefix: string;
  panelId: string;
}

/**
 * WAI-ARIA tabs (automatic activation): one tab stop; arrows, Home and End move between the tabs
 * and select the one reached. The panel is the caller's: `role="tabpanel"`, id `panelId`,
 * aria-labelledby the selected tab's id.
 */
export function TabList<Id extends string>({ label, tabs, selected, onSelect, idPrefix, panelId }: TabListProps<Id>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    onSelect(tabs[index]!.id);
    refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${tab.id}`}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? 'tabs__tab tabs__tab--selected' : 'tabs__tab'}
            onClick={() => select(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
