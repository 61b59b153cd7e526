import { SideContent } from './SideContent';

/** The desktop's right column (CSS hides it below 1100 px, where the More sheet holds the same content). */
export function SidePanel() {
  return (
    <aside className="side-panel" aria-label="Topics and extras">
      <SideContent />
    </aside>
  );
}
