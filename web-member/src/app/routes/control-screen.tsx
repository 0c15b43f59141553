import { useId, type ReactNode } from 'react';

/** A control panel screen: its heading and content. */
export function ControlScreen({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
