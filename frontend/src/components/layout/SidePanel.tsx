import { useMediaQuery } from '../../hooks/useMediaQuery';
import { SideContent } from './SideContent';

/** Where Layout.css hides the side panel: its content is in the More sheet there. */
const NARROW = '(max-width: 1100px)';

/**
 * The desktop's right column. Below 1100 px it is not drawn at all (the More sheet holds the same
 * content): hidden by CSS alone, phones would still load and draw the trending tags at start-up.
 */
export function SidePanel() {
  const narrow = useMediaQuery(NARROW);
  if (narrow) return null;
  return (
    <aside className="side-panel" aria-label="Topics and extras">
      <SideContent />
    </aside>
  );
}
