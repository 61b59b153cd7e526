import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALT_TEXT, ALT_TEXT_MESSAGES, STORAGE_KEYS } from '@cloud9/contracts';
import { GlobalComposerHost } from './GlobalComposerHost';
import { ReplyDialog } from '../post/ReplyDialog';
import { EditPostDialog } from '../post/EditPostDialog';
import { useComposerStore } from '../../stores/composer';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { makePost } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const image = (name = 'sunrise.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const storedDraft = (composer: string) => JSON.parse(localStorage.getItem(STORAGE_KEYS.composerDraft(7, composer)) ?? 'null') as { alt?: string } | null;
const sent = (calls: FetchCall[], url: string) => calls.find((c) => c.url === url && c.init.method !== 'GET');

async function openComposerWithImage() {
  const user = userEvent.setup();
  const view = renderAt(<GlobalComposerHost />);
  await user.click(screen.getByRole('button', { name: 'New post' }));
  const dialog = await screen.findByRole('dialog', { name: 'New post' });
  await user.upload(within(dialog).getByLabelText('Photo/Video'), image());
  return { user, dialog, ...view };
}

describe('the composer\'s description (alt text) of an image', () => {
  let calls: FetchCall[];
  beforeEach(() => {
    setSession(testUser());
    useComposerStore.setState({ open: false });
    calls = stubFetch((url) => (url === '/api/posts' ? jsonResponse(makePost({ id: 90 }), 201) : url.includes('/reply') ? jsonResponse(makePost({ id: 91 }), 201) : jsonResponse(plan)));
  });

  it('reminds calmly, opens a field with a counter, closes it alone on Escape, and sends the description with the file', async () => {
    const { user, dialog } = await openComposerWithImage();
    expect(within(dialog).getByText(ALT_TEXT_MESSAGES.reminder)).toBeInTheDocument();
    const toggle = within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.add });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = within(dialog).getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel });
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'A pink sunrise ☁');
    expect(within(dialog).getByText('16 / 1,500')).toBeInTheDocument();

    // Escape closes the field only: the composer stays open, the focus goes back to the toggle.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
    const done = within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.edit });
    expect(done).toHaveAttribute('aria-expanded', 'false');
    expect(done).toHaveFocus();
    expect(within(dialog).queryByText(ALT_TEXT_MESSAGES.reminder)).not.toBeInTheDocument();
    expect(storedDraft('global')?.alt).toBe('A pink sunrise ☁');

    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent(calls, '/api/posts')).toBeDefined());
    const form = sent(calls, '/api/posts')!.init.body as FormData;
    expect(form.get('alt')).toBe('A pink sunrise ☁');
    expect((form.get('file') as File).name).toBe('sunrise.png');
  });

  it('counts in characters and stops at 1,500', async () => {
    const { user, dialog } = await openComposerWithImage();
    await user.click(within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.add }));
    const field = within(dialog).getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel });
    fireEvent.change(field, { target: { value: '😀'.repeat(ALT_TEXT.maxLength + 5) } });
    expect(Array.from((field as HTMLTextAreaElement).value)).toHaveLength(ALT_TEXT.maxLength);
    expect(within(dialog).getByText('1,500 / 1,500')).toBeInTheDocument();
  });

  it('keeps the description with the draft: the composer opened again has it; removing the file drops it', async () => {
    const first = await openComposerWithImage();
    await first.user.click(within(first.dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.add }));
    fireEvent.change(within(first.dialog).getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel }), { target: { value: 'Gulls on a rail' } });
    first.unmount();

    const user = userEvent.setup();
    renderAt(<GlobalComposerHost />);
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    const toggle = within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.edit });
    await user.click(toggle);
    expect(within(dialog).getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel })).toHaveValue('Gulls on a rail');

    await user.click(within(dialog).getByRole('button', { name: 'Remove media' }));
    expect(within(dialog).queryByRole('button', { name: /description/ })).not.toBeInTheDocument();
    expect(storedDraft('global')).toBeNull();
  });

  it('offers no description for audio', async () => {
    const user = userEvent.setup();
    renderAt(<GlobalComposerHost />);
    await user.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await user.upload(within(dialog).getByLabelText('Photo/Video'), new File([new Uint8Array([1])], 'song.mp3', { type: 'audio/mpeg' }));
    expect(within(dialog).getByRole('button', { name: 'Remove media' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /description/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(ALT_TEXT_MESSAGES.reminder)).not.toBeInTheDocument();
  });

  it('the reply dialog takes a photo with its description and sends both as multipart', async () => {
    const user = userEvent.setup();
    renderAt(<ReplyDialog post={makePost({ id: 33 })} onClose={() => undefined} onReplied={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reply to @other' });
    await user.upload(within(dialog).getByLabelText('Photo/Video'), image('reply.png'));
    expect(within(dialog).getByText(ALT_TEXT_MESSAGES.reminder)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: ALT_TEXT_MESSAGES.add }));
    await user.type(within(dialog).getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel }), 'A rainbow');
    await user.click(within(dialog).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(sent(calls, '/api/posts/33/reply')).toBeDefined());
    const form = sent(calls, '/api/posts/33/reply')!.init.body as FormData;
    expect([form.get('alt'), (form.get('file') as File).name, form.get('content')]).toEqual(['A rainbow', 'reply.png', '']);
  });

  it('the edit dialog edits the description of an image post, and sends it with the text', async () => {
    const edited = stubFetch((url) => (url === '/api/posts/40/edit' ? jsonResponse({ success: true, post: makePost({ id: 40 }) }) : jsonResponse(plan)));
    const user = userEvent.setup();
    const post = makePost({ id: 40, user_id: 7, content: 'a view', media_url: '/uploads/x.png', media_mime: 'image/png', media_alt: 'Old words' });
    renderAt(<EditPostDialog post={post} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const field = within(dialog).getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel });
    expect(field).toHaveValue('Old words');
    await user.clear(field);
    await user.type(field, 'New words');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(edited, '/api/posts/40/edit')).toBeDefined());
    expect(JSON.parse(sent(edited, '/api/posts/40/edit')!.init.body as string)).toEqual({ content: 'a view', alt: 'New words' });
  });

  it('the edit dialog of a post without an image or video has no description field and sends none', async () => {
    renderAt(<EditPostDialog post={makePost({ id: 41, user_id: 7, content: 'words' })} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).queryByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel })).not.toBeInTheDocument();
  });
});
