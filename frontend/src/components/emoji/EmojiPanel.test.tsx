import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type EmojiSettings } from '@cloud9/contracts';
import { EmojiPanel } from './EmojiPanel';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

// The real emoji-picker-react: what it draws is what these tests are about. It renders thousands of
// emoji, which took over 20 s for one test while npm test's other lanes held both cores: no bound
// here is a speed target.
const PICKER_TEST_MS = 40_000;
const QUICK_REACTIONS = ['thumbs up', 'red heart', 'grinning face with big eyes', 'crying face', 'folded hands', 'thumbs down', 'enraged face'];
const CDN = 'https://emoji-cdn.test/npm';
const chooseSettings = (settings: EmojiSettings) => localStorage.setItem(STORAGE_KEYS.emojiSettings(7), JSON.stringify(settings));
const panel = () => screen.getByRole('group', { name: 'Emoji picker' });
const reactions = () => within(panel()).getByRole('list', { name: 'Reactions' });

function renderPanel(onPick: (emoji: string) => void = () => undefined) {
  stubFetch((url) => (url === '/api/config' ? jsonResponse({ supportEmail: 'help@cloud9.test', emojiCdnUrl: CDN }) : jsonResponse({})));
  return renderAt(<EmojiPanel onPick={onPick} />);
}

describe('emoji panel', () => {
  beforeEach(() => setSession(testUser()));

  it('opens on the seven quick reactions, with a button that expands to the full picker', async () => {
    const user = userEvent.setup();
    renderPanel();
    const quick = within(reactions()).getAllByRole('button');
    expect(quick.map((b) => b.getAttribute('aria-label'))).toEqual([...QUICK_REACTIONS, 'Show all Emojis']);
    expect(screen.queryByRole('textbox', { name: 'Type to search for an emoji' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all Emojis' }));
    expect(await screen.findByRole('textbox', { name: 'Type to search for an emoji' })).toBeInTheDocument();
  }, PICKER_TEST_MS);

  it('a quick reaction is picked as its character and counted for the suggestions', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderPanel(onPick);
    await user.click(within(reactions()).getByRole('button', { name: 'red heart' }));
    await user.click(within(reactions()).getByRole('button', { name: 'red heart' }));
    expect(onPick).toHaveBeenCalledWith('❤️');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.emojiUsage(7)) ?? '{}')).toEqual({ '2764-fe0f': { count: 2, lastUsed: expect.any(Number) } });
  }, PICKER_TEST_MS);

  it.each(['apple', 'twitter', 'google', 'facebook'] as const)('style %s draws images of that set from the emoji CDN of /api/config', async (style) => {
    chooseSettings({ style, suggestionMode: 'recent' });
    renderPanel();
    await waitFor(() => expect(panel()).toHaveAttribute('data-emoji-style', style));
    const thumbsUp = within(reactions()).getByRole('button', { name: 'thumbs up' });
    await waitFor(() => expect(thumbsUp.querySelector('img')).toHaveAttribute('src', `${CDN}/emoji-datasource-${style}/img/${style}/64/1f44d.png`));
  }, PICKER_TEST_MS);

  it('native style draws characters and asks the CDN for nothing', async () => {
    chooseSettings({ style: 'native', suggestionMode: 'recent' });
    renderPanel();
    const thumbsUp = within(reactions()).getByRole('button', { name: 'thumbs up' });
    expect(thumbsUp).toHaveTextContent('👍');
    expect(panel().querySelector('img')).toBeNull();
  }, PICKER_TEST_MS);

  it('an image style waits for /api/config (drawing natively until then), so no image comes from a host the page does not allow', () => {
    chooseSettings({ style: 'google', suggestionMode: 'recent' });
    stubFetch(() => new Promise<Response>(() => undefined));
    renderAt(<EmojiPanel onPick={() => undefined} />);
    expect(panel()).toHaveAttribute('data-emoji-style', 'native');
    expect(panel().querySelector('img')).toBeNull();
  }, PICKER_TEST_MS);
});
