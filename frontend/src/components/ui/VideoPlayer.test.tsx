import { act, fireEvent, render, screen } from '@testing-library/react';
import { PostMedia } from '../post/PostMedia';
import { makePost } from '../../test/posts';
import { VideoPlayer } from './VideoPlayer';

const video = () => screen.getByLabelText('Video: clouds') as HTMLVideoElement;
const controlsShown = () => video().hasAttribute('controls');
/** Moves the fake clock; the hide timer's state change is applied before the next line. */
const advance = (ms: number) => {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('video player', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at volume 0.7 with its controls shown, and is in the tab order', () => {
    render(<VideoPlayer src="/uploads/v.mp4" aria-label="Video: clouds" />);
    expect(video().volume).toBeCloseTo(0.7);
    expect(controlsShown()).toBe(true);
    expect(video()).toHaveAttribute('tabindex', '0');
  });

  it('while playing, hides the controls after 4 s without interaction, not before', () => {
    render(<VideoPlayer src="/uploads/v.mp4" aria-label="Video: clouds" />);
    fireEvent.play(video());
    advance(3999);
    expect(controlsShown()).toBe(true);
    advance(1);
    expect(controlsShown()).toBe(false);
  });

  it('a pointer move or press brings them back and starts the 4 s again', () => {
    render(<VideoPlayer src="/uploads/v.mp4" aria-label="Video: clouds" />);
    fireEvent.play(video());
    advance(4000);
    fireEvent.pointerMove(video());
    expect(controlsShown()).toBe(true);
    advance(3000);
    fireEvent.pointerDown(video());
    advance(3000);
    expect(controlsShown()).toBe(true);
    advance(1000);
    expect(controlsShown()).toBe(false);
  });

  it('a key or the focus brings them back; the first Space does not scroll the page', () => {
    render(<VideoPlayer src="/uploads/v.mp4" aria-label="Video: clouds" />);
    fireEvent.play(video());
    advance(4000);
    const space = fireEvent.keyDown(video(), { key: ' ' });
    expect(space).toBe(false);
    expect(controlsShown()).toBe(true);
    advance(4000);
    expect(controlsShown()).toBe(false);
    fireEvent.focus(video());
    expect(controlsShown()).toBe(true);
  });

  it('paused or ended, the controls stay', () => {
    render(<VideoPlayer src="/uploads/v.mp4" aria-label="Video: clouds" />);
    advance(10_000);
    expect(controlsShown()).toBe(true);
    fireEvent.play(video());
    advance(2000);
    fireEvent.pause(video());
    advance(10_000);
    expect(controlsShown()).toBe(true);
    fireEvent.play(video());
    advance(4000);
    fireEvent.ended(video());
    expect(controlsShown()).toBe(true);
    advance(10_000);
    expect(controlsShown()).toBe(true);
  });

  it("plays a post's video (a notice's: NoticeMedia.test.tsx)", () => {
    render(<PostMedia post={makePost({ media_url: '/uploads/v.mp4', media_mime: 'video/mp4', content: 'clouds' })} />);
    expect(video().volume).toBeCloseTo(0.7);
    fireEvent.play(video());
    advance(4000);
    expect(controlsShown()).toBe(false);
  });
});
