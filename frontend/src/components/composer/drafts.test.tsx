import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, STORAGE_KEYS } from '@cloud9/contracts';
import { confirmAction } from '../confirm';
import { GlobalComposerHost } from './GlobalComposerHost';
import { ReplyDialog } from '../post/ReplyDialog';
import { EditPostDialog } from '../post/EditPostDialog';
import { useComposerStore } from '../../stores/composer';
import { clearPublicConfigCache } from '../../api/config';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost } from '../../test/posts';

const gifsConfigured = { supportEmail: 's@x.test', donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://x.test/js', gifsEnabled: true };

// The question is asked through the app's one confirmation seam; the tests answer it.
vi.mock('../confirm', () => ({ confirmAction: vi.fn() }));
// The real picker is large; a stand-in with its own search box (where Escape is pressed) and one emoji.
vi.mock('emoji-picker-react', () => ({
  default: ({ onEmojiClick }: { onEmojiClick: (data: { emoji: string; unified: string }) => void }) => (
    <div>
      <input aria-label="Search emoji" />
      <button type="button" onClick={() => onEmojiClick({ emoji: '😀', unified: '1f600' })}>
        pick grinning face
      </button>
    </div>
  ),
}));

const confirm = vi.mocked(confirmAction);
const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const DISCARD_POST = { message: MESSAGES.post.confirmDiscard, confirmLabel: 'Discard', cancelLabel: 'Keep editing' };
const textbox = () => screen.getByRole('textbox', { name: "What's happening?" });
const storedDraft = (userId: number, composer: string) => JSON.parse(localStorage.getItem(STORAGE_KEYS.composerDraft(userId, composer)) ?? 'null') as unknown;

/** The floating button's composer on a fresh page (a remount stands for a reload of the app). */
async function openGlobalComposer() {
  const user = userEvent.setup();
  const view = renderAt(<GlobalComposerHost />);
  await user.click(screen.getByRole('button', { name: 'New post' }));
  await screen.findByRole('dialog', { name: 'New post' });
  return { user, ...view };
}

describe('composer drafts', () => {
  beforeEach(() => {
    setSession(testUser());
    useComposerStore.setState({ open: false });
    confirm.mockReset();
    stubFetch((url) => (url === '/api/posts' ? jsonResponse(makePost({ id: 90, content: 'sent' }), 201) : jsonResponse(plan)));
  });

  it('closing the global composer with text asks "Discard post?"; Keep editing keeps it open with the text', async () => {
    confirm.mockResolvedValue(false);
    const { user } = await openGlobalComposer();
    fireEvent.change(textbox(), { target: { value: 'half a thought' } });

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.mouseDown(document.querySelector('.modal-backdrop') as Element);

    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(3));
    expect(confirm.mock.calls.every(([options]) => JSON.stringify(options) === JSON.stringify(DISCARD_POST))).toBe(true);
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
    expect(textbox()).toHaveValue('half a thought');
  });

  it('Discard closes it and forgets the draft: the next opening starts clear', async () => {
    confirm.mockResolvedValue(true);
    const { user } = await openGlobalComposer();
    fireEvent.change(textbox(), { target: { value: 'not worth it' } });
    expect(storedDraft(7, 'global')).toEqual({ text: 'not worth it', gif: null, fileName: null });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirm).toHaveBeenCalledWith(DISCARD_POST);
    expect(storedDraft(7, 'global')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New post' }));
    expect(await screen.findByRole('textbox', { name: "What's happening?" })).toHaveValue('');
  });

  it('an empty composer closes without asking', async () => {
    const { user } = await openGlobalComposer();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('the draft (text and GIF) comes back after a reload, for the same user only', async () => {
    localStorage.setItem(STORAGE_KEYS.composerDraft(7, 'global'), JSON.stringify({ text: 'before the reload', gif: 'https://media.giphy.com/a.gif', fileName: null }));
    const first = await openGlobalComposer();
    expect(textbox()).toHaveValue('before the reload');
    expect(screen.getByRole('img', { name: 'Chosen GIF' })).toHaveAttribute('src', 'https://media.giphy.com/a.gif');
    first.unmount();

    setSession(testUser({ id: 8, username: 'someone_else' }));
    useComposerStore.setState({ open: false });
    await openGlobalComposer();
    expect(textbox()).toHaveValue('');
    expect(storedDraft(7, 'global')).toEqual({ text: 'before the reload', gif: 'https://media.giphy.com/a.gif', fileName: null });
  });

  it('a chosen file is kept while the app stays open; after a reload the draft says which file to choose again', async () => {
    confirm.mockResolvedValue(false);
    const first = await openGlobalComposer();
    const photo = new File(['png'], 'sunset.png', { type: 'image/png' });
    await first.user.upload(screen.getByLabelText('Photo/Video'), photo);
    expect(storedDraft(7, 'global')).toEqual({ text: '', gif: null, fileName: 'sunset.png' });
    first.unmount();

    useComposerStore.setState({ open: false });
    const second = await openGlobalComposer();
    expect(screen.getByRole('button', { name: 'Remove media' })).toBeInTheDocument();
    expect(screen.getByText('sunset.png')).toBeInTheDocument();
    second.unmount();
    // After a reload (memory emptied) the draft names the file to choose again: HomeComposerDraft.test.tsx.
  });

  it('posting forgets the draft', async () => {
    const { user } = await openGlobalComposer();
    fireEvent.change(textbox(), { target: { value: 'sent' } });
    expect(storedDraft(7, 'global')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storedDraft(7, 'global')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('Escape inside a picker', () => {
  beforeEach(() => {
    setSession(testUser());
    useComposerStore.setState({ open: false });
    confirm.mockReset();
    clearPublicConfigCache();
    // GIFs configured, so the composer shows its GIF button.
    stubFetch((url) => (url === '/api/config' ? jsonResponse(gifsConfigured) : jsonResponse(plan)));
  });

  it('closes only the emoji panel, not the composer, and gives the focus back to the Emoji button', async () => {
    const { user } = await openGlobalComposer();
    fireEvent.change(textbox(), { target: { value: 'with a smile' } });
    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    await user.click(await screen.findByRole('textbox', { name: 'Search emoji' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('textbox', { name: 'Search emoji' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Emoji' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Emoji' })).toHaveAttribute('aria-expanded', 'false');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('closes only the GIF search, not the composer', async () => {
    const { user } = await openGlobalComposer();
    fireEvent.change(textbox(), { target: { value: 'with a GIF' } });
    await user.click(screen.getByRole('button', { name: 'GIF' }));
    const search = await screen.findByRole('searchbox', { name: 'Search GIFs' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('searchbox', { name: 'Search GIFs' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'GIF' })).toHaveFocus();
    expect(confirm).not.toHaveBeenCalled();
    // The next Escape is the composer's again.
    confirm.mockResolvedValue(false);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(DISCARD_POST));
  });
});

describe('reply and edit drafts', () => {
  const post = makePost({ id: 31, content: 'The original words.' });

  beforeEach(() => {
    setSession(testUser());
    confirm.mockReset();
    stubFetch(() => jsonResponse(plan));
  });

  it('an unsent reply is kept per post and comes back when the dialog opens again; closing with it asks first', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const first = renderAt(<ReplyDialog post={post} onClose={onClose} onReplied={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'I half agree' } });
    confirm.mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(DISCARD_POST);
    expect(onClose).not.toHaveBeenCalled();
    first.unmount();

    const second = renderAt(<ReplyDialog post={post} onClose={onClose} onReplied={() => undefined} />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('I half agree');
    confirm.mockResolvedValueOnce(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(storedDraft(7, 'reply-31')).toBeNull();
    second.unmount();
    renderAt(<ReplyDialog post={makePost({ id: 32 })} onClose={onClose} onReplied={() => undefined} />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });

  it('an unsaved edit is kept and restored; an unchanged edit closes without asking and saves nothing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const first = renderAt(<EditPostDialog post={post} onClose={onClose} onSaved={() => undefined} />);
    expect(storedDraft(7, 'edit-31')).toBeNull();
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Better words.' } });
    first.unmount();

    const second = renderAt(<EditPostDialog post={post} onClose={onClose} onSaved={() => undefined} />);
    expect(screen.getByLabelText('Post text')).toHaveValue('Better words.');
    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith({ ...DISCARD_POST, message: MESSAGES.post.confirmDiscardEdit });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(storedDraft(7, 'edit-31')).toBeNull();
    second.unmount();

    confirm.mockReset();
    renderAt(<EditPostDialog post={post} onClose={onClose} onSaved={() => undefined} />);
    expect(screen.getByLabelText('Post text')).toHaveValue('The original words.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(confirm).not.toHaveBeenCalled();
  });
});
