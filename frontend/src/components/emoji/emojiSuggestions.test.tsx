import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type EmojiUsage } from '@cloud9/contracts';
import { EmojiPanel } from './EmojiPanel';
import { rankSuggestions, withPick } from './emojiUsage';
import { useEmojiSettings } from './emojiSettings';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

// In jsdom the real picker lays out no category grid, so a stand-in shows the Suggested row it is handed.
vi.mock('emoji-picker-react', () => ({
  default: ({
    suggestedEmojis,
    suggestedEmojisMode,
    onEmojiClick,
  }: {
    suggestedEmojis: string[];
    suggestedEmojisMode: string;
    onEmojiClick: (data: { emoji: string; unified: string }) => void;
  }) => (
    <div>
      <ol aria-label={`Suggested (${suggestedEmojisMode})`}>
        {suggestedEmojis.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button type="button" onClick={() => onEmojiClick({ emoji: '🚀', unified: '1f680' })}>
        rocket
      </button>
    </div>
  ),
}));

const usage: EmojiUsage = {
  '1f600': { count: 1, lastUsed: 300 },
  '1f680': { count: 5, lastUsed: 100 },
  '1f44d': { count: 2, lastUsed: 200 },
  '2764-fe0f': { count: 2, lastUsed: 250 },
};
const suggested = (mode: string) =>
  Array.from(screen.getByRole('list', { name: `Suggested (${mode})` }).querySelectorAll('li')).map((li) => li.textContent);

describe('emoji suggestions', () => {
  it('recent puts the latest picks first; frequent ranks by use count, the latest first among equals', () => {
    expect(rankSuggestions(usage, 'recent')).toEqual(['1f600', '2764-fe0f', '1f44d', '1f680']);
    expect(rankSuggestions(usage, 'frequent')).toEqual(['1f680', '2764-fe0f', '1f44d', '1f600']);
    expect(rankSuggestions(usage, 'frequent', 2)).toEqual(['1f680', '2764-fe0f']);
  });

  it('a pick adds one use and the time; only the 60 latest emoji are remembered', () => {
    expect(withPick(usage, '1f600', 400)['1f600']).toEqual({ count: 2, lastUsed: 400 });
    expect(withPick({}, '1f680', 1)).toEqual({ '1f680': { count: 1, lastUsed: 1 } });
    const many: EmojiUsage = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`e${i}`, { count: 9, lastUsed: i + 1 }]));
    const next = withPick(many, 'new', 100);
    expect(Object.keys(next)).toHaveLength(60);
    expect(next.e0).toBeUndefined();
    expect(next.new).toEqual({ count: 1, lastUsed: 100 });
  });

  describe('in the panel', () => {
    beforeEach(() => {
      setSession(testUser());
      stubFetch(() => jsonResponse({}));
    });

    it("shows the user's picks in the mode of their settings, and follows a change of mode at once", () => {
      localStorage.setItem(STORAGE_KEYS.emojiUsage(7), JSON.stringify(usage));
      localStorage.setItem(STORAGE_KEYS.emojiSettings(7), JSON.stringify({ style: 'native', suggestionMode: 'frequent' }));
      let setSettings: ReturnType<typeof useEmojiSettings>[1] = () => undefined;
      function SettingsProbe() {
        setSettings = useEmojiSettings()[1];
        return null;
      }
      renderAt(
        <>
          <SettingsProbe />
          <EmojiPanel onPick={() => undefined} />
        </>,
      );
      expect(suggested('frequent')).toEqual(['1f680', '2764-fe0f', '1f44d', '1f600']);
      act(() => setSettings({ suggestionMode: 'recent' }));
      expect(suggested('recent')).toEqual(['1f600', '2764-fe0f', '1f44d', '1f680']);
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.emojiSettings(7)) ?? '{}')).toEqual({ style: 'native', suggestionMode: 'recent' });
    });

    it('a pick moves the emoji up, and the picks of one user are not another\'s', async () => {
      const user = userEvent.setup();
      localStorage.setItem(STORAGE_KEYS.emojiUsage(7), JSON.stringify({ '1f600': { count: 1, lastUsed: Date.now() - 1000 } }));
      const first = renderAt(<EmojiPanel onPick={() => undefined} />);
      expect(suggested('recent')).toEqual(['1f600']);
      await user.click(screen.getByRole('button', { name: 'rocket' }));
      expect(suggested('recent')).toEqual(['1f680', '1f600']);
      first.unmount();

      setSession(testUser({ id: 8, username: 'another' }));
      renderAt(<EmojiPanel onPick={() => undefined} />);
      expect(suggested('recent')).toEqual([]);
    });
  });
});
