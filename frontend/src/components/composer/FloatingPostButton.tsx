import { useComposerStore } from '../../stores/composer';

/** The fixed New post button (bottom right, wide screens) that opens the global composer. */
export function FloatingPostButton() {
  const openComposer = useComposerStore((s) => s.openComposer);
  return (
    // Named by its visible text (WCAG 2.5.3), so voice control can say what it sees.
    <button type="button" className="floating-post" aria-haspopup="dialog" onClick={openComposer}>
      <span className="floating-post-plus" aria-hidden="true">
        +
      </span>
      <span>New post</span>
    </button>
  );
}
