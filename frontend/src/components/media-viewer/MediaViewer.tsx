import { useEffect, useId } from 'react';
import { ALT_TEXT_MESSAGES } from '@cloud9/contracts';
import { useMediaViewerStore } from '../../stores/mediaViewer';
import { Modal } from '../ui/Modal';
import './media-viewer.css';

/**
 * An image full size in the shared dialog (focus kept inside, a visible Close, Escape closes), its
 * description under it as the caption and as the image's alt. ArrowLeft / ArrowRight, or the
 * Previous / Next buttons, step through the screen's other images when there are several.
 */
export function MediaViewer() {
  const images = useMediaViewerStore((s) => s.images);
  const index = useMediaViewerStore((s) => s.index);
  const move = useMediaViewerStore((s) => s.move);
  const closeViewer = useMediaViewerStore((s) => s.closeViewer);
  const captionId = useId();
  const image = images[index];
  const several = images.length > 1;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [move]);

  if (!image) return null;
  const title = several ? ALT_TEXT_MESSAGES.viewerPosition(index + 1, images.length) : ALT_TEXT_MESSAGES.viewerTitle;
  return (
    <Modal title={title} onClose={closeViewer} size="lg" className="media-viewer" footer="close">
      <figure className="media-viewer-figure" aria-describedby={captionId}>
        <img key={image.src} src={image.src} alt={image.alt || image.label} className="media-viewer-image" />
        <figcaption id={captionId} className={`media-viewer-caption${image.alt ? '' : ' hint'}`} aria-live="polite">
          {image.alt || ALT_TEXT_MESSAGES.noDescription}
        </figcaption>
      </figure>
      {several && (
        <div className="media-viewer-nav">
          <button type="button" className="btn btn-ghost" onClick={() => move(-1)} disabled={index === 0}>
            <span aria-hidden="true">← </span>
            {ALT_TEXT_MESSAGES.previous}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => move(1)} disabled={index === images.length - 1}>
            {ALT_TEXT_MESSAGES.next}
            <span aria-hidden="true"> →</span>
          </button>
        </div>
      )}
    </Modal>
  );
}
