import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@cloud9/contracts';
import { EmojiSettingsForm } from './EmojiSettingsForm';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const stored = (userId: number) => JSON.parse(localStorage.getItem(STORAGE_KEYS.emojiSettings(userId)) ?? 'null') as unknown;

describe('emoji settings', () => {
  beforeEach(() => {
    setSession(testUser());
    stubFetch((url) => (url === '/api/config' ? jsonResponse({ emojiCdnUrl: 'https://emoji-cdn.test/npm' }) : jsonResponse({})));
  });

  it('offers the five styles, native by default, and keeps the choice per user; the preview draws the chosen set from the CDN', async () => {
    const user = userEvent.setup();
    renderAt(<EmojiSettingsForm />);
    const style = screen.getByRole('combobox', { name: 'Emoji style' });
    expect(within(style).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['native', 'apple', 'twitter', 'google', 'facebook']);
    expect(style).toHaveValue('native');
    expect(within(screen.getByTestId('emoji-style-preview')).queryAllByRole('img')).toHaveLength(0);

    await user.selectOptions(style, 'twitter');
    expect(stored(7)).toEqual({ style: 'twitter', suggestionMode: 'recent' });
    expect(stored(8)).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('emoji-style-preview')).getByRole('img', { name: '👍' })).toHaveAttribute(
        'src',
        'https://emoji-cdn.test/npm/emoji-datasource-twitter/img/twitter/64/1f44d.png',
      ),
    );
  });

  it('switches the suggestion mode between recently and frequently used', async () => {
    const user = userEvent.setup();
    renderAt(<EmojiSettingsForm />);
    const modes = screen.getByRole('group', { name: 'Suggested emoji' });
    expect(within(modes).getByRole('radio', { name: 'Recently used' })).toBeChecked();
    await user.click(within(modes).getByRole('radio', { name: 'Frequently used' }));
    expect(within(modes).getByRole('radio', { name: 'Frequently used' })).toBeChecked();
    expect(stored(7)).toEqual({ style: 'native', suggestionMode: 'frequent' });
  });
});
