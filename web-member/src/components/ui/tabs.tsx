import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: arrow keys, Home and End move between tabs (and select them). A panel is mounted
 * when its tab is first chosen (no work, e.g. a captcha fetched, for tabs never looked at) and then stays mounted,
 * so what was typed in one survives a look at another.
 */
export function Tabs({ label, items, className }: { label: string; items: TabItem[]; className?: string }) {
  const [selected, setSelected] = useState(items[0]?.key ?? '');
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([selected]));
  if (!visited.has(selected)) setVisited(new Set([...visited, selected]));
  const baseId = useId();
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  const select = (key: string) => {
    setSelected(key);
    tabs.current[key]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const target = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const item = items[(target + items.length) % items.length];
    if (item) select(item.key);
  };

  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[item.key] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={item.key === selected}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={item.key === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={item.key !== selected}
          className="tabs__panel"
        >
          {visited.has(item.key) ? item.content : null}
        </div>
      ))}
    </div>
  );
}
