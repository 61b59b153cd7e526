import { useComposerStore } from '../../stores/composer';

/** The fixed Post button (bottom right) that opens the global composer. */
export function FloatingPostButton() {
  const openComposer = useComposerStore((s) => s.openComposer);
  return (
    <button type="button" className="floating-post" aria-label="New post" aria-haspopup="dialog" onClick={openComposer}>
      <span className="floating-post-plus" aria-hidden="true">
        +
      </span>
      <span aria-hidden="true">Post</span>
    </button>
  );
}
