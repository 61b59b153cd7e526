import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown after the label inside the tab (e.g. a 'new' dot), hidden from assistive tech. */
  badge?: ReactNode;
  /** The tab's accessible name when it should say more than the label (e.g. 'System Notices, new'). */
  ariaLabel?: string;
}

interface TabsProps<T extends string> {
  /** The tablist's accessible name. */
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The panel shown for the selected tab. */
  children: ReactNode;
  panelClassName?: string;
  /** Rendered between the tab list and the panel (e.g. inside a sticky page header). */
  header?: (tabList: ReactNode) => ReactNode;
  /** Names the panel itself instead of by its tab (when the tab's name would clash with a field's label inside). */
  panelLabel?: string;
}

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move and select, the panel is labelled by its tab. */
export function Tabs<T extends string>({ label, items, selected, onSelect, children, panelClassName, header, panelLabel }: TabsProps<T>) {
  const id = useId();
  const tabId = (item: T) => `${id}-tab-${item}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((t) => t.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = items[(moves[event.key] + items.length) % items.length].id;
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };

  const tabList = (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.id}
          id={tabId(item.id)}
          type="button"
          role="tab"
          className="tab"
          aria-selected={selected === item.id}
          aria-controls={panelId}
          tabIndex={selected === item.id ? 0 : -1}
          aria-label={item.ariaLabel}
          onClick={() => onSelect(item.id)}
          onKeyDown={onKeyDown}
        >
          {item.label}
          {item.badge && <span aria-hidden="true">{item.badge}</span>}
        </button>
      ))}
    </div>
  );

  return (
    <>
      {header ? header(tabList) : tabList}
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={panelLabel ? undefined : tabId(selected)}
        aria-label={panelLabel}
        className={panelClassName}
      >
        {children}
      </div>
    </>
  );
}
