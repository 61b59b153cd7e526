import { persisted } from './persisted';

describe('per-user keys of the composer and the emoji picker', () => {
  it('stores drafts, emoji settings and emoji use under fixed per-user names, as JSON', () => {
    persisted.composerDraft(7, 'reply-31').set({ text: 'hi', gif: null, fileName: 'a.png' });
    persisted.emojiSettings(7).set({ style: 'google', suggestionMode: 'frequent' });
    persisted.emojiUsage(7).set({ '1f44d': { count: 2, lastUsed: 10 } });
    expect(JSON.parse(localStorage.getItem('composerDraft_7_reply-31') ?? 'null')).toEqual({ text: 'hi', gif: null, fileName: 'a.png' });
    expect(JSON.parse(localStorage.getItem('emojiSettings_7') ?? 'null')).toEqual({ style: 'google', suggestionMode: 'frequent' });
    expect(JSON.parse(localStorage.getItem('emojiUsage_7') ?? 'null')).toEqual({ '1f44d': { count: 2, lastUsed: 10 } });
    expect(persisted.composerDraft(8, 'reply-31').get()).toBeNull();
    expect(persisted.emojiSettings(8).get()).toBeNull();
  });

  it('reads the wrong shape as absent', () => {
    localStorage.setItem('composerDraft_7_global', JSON.stringify({ text: 5, gif: null, fileName: null }));
    localStorage.setItem('composerDraft_7_home', JSON.stringify({ text: 'ok', gif: 42, fileName: null }));
    localStorage.setItem('emojiSettings_7', JSON.stringify({ style: 'comic-sans', suggestionMode: 'recent' }));
    localStorage.setItem('emojiSettings_8', JSON.stringify({ style: 'apple', suggestionMode: 'sometimes' }));
    localStorage.setItem('emojiUsage_7', JSON.stringify({ '1f44d': { count: 0, lastUsed: 1 } }));
    expect(persisted.composerDraft(7, 'global').get()).toBeNull();
    expect(persisted.composerDraft(7, 'home').get()).toBeNull();
    expect(persisted.emojiSettings(7).get()).toBeNull();
    expect(persisted.emojiSettings(8).get()).toBeNull();
    expect(persisted.emojiUsage(7).get()).toBeNull();
  });
});
