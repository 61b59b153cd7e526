import { create } from 'zustand';

/** One image the viewer can show: its full-size address, its description ('' without one) and the card's fallback name. */
export interface ViewerImage {
  src: string;
  alt: string;
  label: string;
}

/** The full-size image viewer: which images it steps through, which one is shown, and who opened it. */
interface MediaViewerState {
  images: ViewerImage[];
  index: number;
  /** The image on the card that opened the viewer: the focus goes back to it on close. */
  opener: HTMLElement | null;
  openViewer: (images: ViewerImage[], index: number, opener: HTMLElement | null) => void;
  /** Moves by `step` within the images, stopping at either end. */
  move: (step: 1 | -1) => void;
  closeViewer: () => void;
}

export const useMediaViewerStore = create<MediaViewerState>()((set) => ({
  images: [],
  index: 0,
  opener: null,
  openViewer: (images, index, opener) => set({ images, index: Math.min(Math.max(index, 0), images.length - 1), opener }),
  move: (step) => set((s) => ({ index: Math.min(Math.max(s.index + step, 0), s.images.length - 1) })),
  closeViewer: () => set({ images: [], index: 0 }),
}));
