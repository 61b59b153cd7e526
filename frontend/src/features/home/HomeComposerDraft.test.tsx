import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, STORAGE_KEYS } from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { HomeComposer } from './HomeComposer';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost } from '../../test/posts';

// The question is asked through the app's one confirmation seam; the tests answer it.
vi.mock('../../components/confirm', () => ({ confirmAction: vi.fn() }));

const confirm = vi.mocked(confirmAction);
const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const DISCARD_POST = { message: MESSAGES.post.confirmDiscard, confirmLabel: 'Discard', cancelLabel: 'Keep editing' };
const textbox = () => screen.getByRole('textbox', { name: "What's happening?" });
const storedDraft = (userId: number, composer: string) => JSON.parse(localStorage.getItem(STORAGE_KEYS.composerDraft(userId, composer)) ?? 'null') as unknown;

/** Home's own composer keeps a draft as the global one does (components/composer/drafts.test.tsx). */
describe("Home composer's draft", () => {
  beforeEach(() => {
    setSession(testUser());
    confirm.mockReset();
    stubFetch((url) => (url === '/api/posts' ? jsonResponse(makePost({ id: 90, content: 'sent' }), 201) : jsonResponse(plan)));
  });

  it("Home's Cancel asks before clearing a draft, and clears only on Discard", async () => {
    const user = userEvent.setup();
    renderAt(<HomeComposer defaultCategory="General" />);
    fireEvent.change(textbox(), { target: { value: 'inline draft' } });
    confirm.mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(DISCARD_POST);
    expect(textbox()).toHaveValue('inline draft');
    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(storedDraft(7, 'home')).toBeNull();
  });

  it('after a reload (memory emptied) the draft keeps its text and says which file to choose again', () => {
    localStorage.setItem(STORAGE_KEYS.composerDraft(7, 'home'), JSON.stringify({ text: 'look', gif: null, fileName: 'beach.mp4' }));
    renderAt(<HomeComposer defaultCategory="General" />);
    expect(textbox()).toHaveValue('look');
    expect(screen.getByText(MESSAGES.post.draftFileNotKept('beach.mp4'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove media' })).not.toBeInTheDocument();
  });
});
