import { useMediaViewerStore, type ViewerImage } from '../../stores/mediaViewer';

/**
 * Marks a card's image as one the viewer shows: its full-size address, its description ('' for
 * none) and the card's fallback name for it.
 */
export const viewerImageAttributes = (src: string, description: string, label: string) => ({
  'data-viewer-src': src,
  'data-viewer-alt': description,
  'data-viewer-label': label,
});

const VIEWER_IMAGES = '[data-viewer-src]';

/**
 * Opens the viewer on the image behind `opener`, among every viewable image of the same screen in
 * the order they are shown (a feed, a profile, a thread), read from the page itself: whatever list
 * drew the cards, the arrows follow what the reader sees.
 */
export function openImageViewer(opener: HTMLElement): void {
  const screen = opener.closest('main') ?? document.body;
  const buttons = Array.from(screen.querySelectorAll<HTMLElement>(VIEWER_IMAGES));
  const images: ViewerImage[] = buttons.map((b) => ({ src: b.dataset.viewerSrc ?? '', alt: b.dataset.viewerAlt ?? '', label: b.dataset.viewerLabel ?? '' }));
  const index = buttons.indexOf(opener);
  if (index < 0) return;
  useMediaViewerStore.getState().openViewer(images, index, opener);
}
