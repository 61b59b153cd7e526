import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALT_TEXT_MESSAGES, MESSAGES, type Post } from '@cloud9/contracts';
import { PostMedia } from '../post/PostMedia';
import { MediaViewerHost } from './MediaViewerHost';
import { useMediaViewerStore } from '../../stores/mediaViewer';
import { makePost } from '../../test/posts';

const imagePost = (id: number, alt: string | null, content = `post ${id}`): Post =>
  makePost({ id, content, media_url: `/uploads/${String(id).repeat(64).slice(0, 64)}.png`, media_mime: 'image/png', media_alt: alt });

/** A screen's list of cards with images (the viewer steps through them in this order), and the viewer. */
function renderList(posts: Post[]) {
  return render(
    <>
      <main>
        {posts.map((p) => (
          <article key={p.id}>
            <PostMedia post={p} />
          </article>
        ))}
      </main>
      <MediaViewerHost />
    </>,
  );
}

const openButton = (name: string) => screen.getByRole('button', { name });

describe('the image viewer', () => {
  beforeEach(() => act(() => useMediaViewerStore.getState().closeViewer()));

  it('opens the activated image full size with its description as alt and caption; arrows step through the list; Escape closes and gives the focus back', async () => {
    const user = userEvent.setup();
    renderList([imagePost(1, 'A pink sunrise'), imagePost(2, 'Two gulls on a rail'), imagePost(3, null, 'just a view')]);

    const opener = openButton('Two gulls on a rail');
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' });
    expect(within(dialog).getByRole('img', { name: 'Two gulls on a rail' })).toHaveAttribute('src', expect.stringMatching(/\/uploads\/2+\.png$/));
    expect(within(dialog).getByRole('figure')).toHaveAccessibleDescription('Two gulls on a rail');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();

    await user.keyboard('{ArrowRight}');
    dialog = screen.getByRole('dialog', { name: 'Image 3 of 3' });
    // Without a description the viewer says so; the image keeps the card's fallback name.
    expect(within(dialog).getByText(ALT_TEXT_MESSAGES.noDescription)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'just a view' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    dialog = screen.getByRole('dialog', { name: 'Image 1 of 3' });
    expect(within(dialog).getByRole('img', { name: 'A pink sunrise' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.previous })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.next }));
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opens by keyboard; with one image it has no arrows and the Close button closes it', async () => {
    const user = userEvent.setup();
    renderList([imagePost(4, 'A lone kite')]);
    openButton('A lone kite').focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: ALT_TEXT_MESSAGES.viewerTitle });
    expect(within(dialog).queryByRole('button', { name: ALT_TEXT_MESSAGES.next })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(openButton('A lone kite')).toHaveFocus());
  });
});

describe('a card\'s image or video and its description', () => {
  it('the ALT badge shows the description when activated (aria-expanded), and hides it again', async () => {
    const user = userEvent.setup();
    renderList([imagePost(5, 'A rainbow over a bridge')]);
    const badge = screen.getByRole('button', { name: `${ALT_TEXT_MESSAGES.badge}${ALT_TEXT_MESSAGES.badgeHidden}` });
    expect(badge).toHaveTextContent(ALT_TEXT_MESSAGES.badge);
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('A rainbow over a bridge', { selector: 'p' })).not.toBeVisible();
    await user.click(badge);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('A rainbow over a bridge', { selector: 'p' })).toBeVisible();
    expect(useMediaViewerStore.getState().images).toHaveLength(0); // the badge does not open the viewer
    await user.click(screen.getByRole('button', { name: `${ALT_TEXT_MESSAGES.badge}${ALT_TEXT_MESSAGES.badgeHidden}` }));
    expect(screen.queryByText('A rainbow over a bridge', { selector: 'p' })).not.toBeVisible();
  });

  it('without a description: no badge; the image falls back to the post text, or to who shared it when the post has no words', () => {
    renderList([imagePost(6, null, 'sunset at the pier'), imagePost(7, null, MESSAGES.post.mediaPlaceholder)]);
    expect(screen.queryByRole('button', { name: `${ALT_TEXT_MESSAGES.badge}${ALT_TEXT_MESSAGES.badgeHidden}` })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'sunset at the pier' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: ALT_TEXT_MESSAGES.fallbackImage('@other') })).toBeInTheDocument();
  });

  it('a video is named by its description and has the badge', () => {
    render(<PostMedia post={makePost({ media_url: '/uploads/v.mp4', media_mime: 'video/mp4', media_alt: 'A kite in the wind' })} />);
    expect(document.querySelector('video')).toHaveAttribute('aria-label', 'A kite in the wind');
    expect(screen.getByRole('button', { name: `${ALT_TEXT_MESSAGES.badge}${ALT_TEXT_MESSAGES.badgeHidden}` })).toBeInTheDocument();
  });
});
