import { useId, type ReactNode } from 'react';

/** A group of tool cards under a heading. */
export function AdminSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
      </h2>
      <ul className="admin-tools">{children}</ul>
    </section>
  );
}
