import { matchesMutedWords, mutedWordsMatcher, normalizeMutedWord } from './muted-words';
import { SAFETY_RULES } from '../safety';

describe('normalizeMutedWord', () => {
  it('trims and folds inner whitespace', () => {
    expect(normalizeMutedWord('  spoiler   alert \n')).toBe('spoiler alert');
  });
  it('refuses empty, too long, control characters and non-strings', () => {
    expect(normalizeMutedWord('   ')).toBeNull();
    expect(normalizeMutedWord('a'.repeat(SAFETY_RULES.mutedWordMax + 1))).toBeNull();
    expect(normalizeMutedWord('a'.repeat(SAFETY_RULES.mutedWordMax))).toBe('a'.repeat(SAFETY_RULES.mutedWordMax));
    expect(normalizeMutedWord('bad\u0000word')).toBeNull();
    expect(normalizeMutedWord(42)).toBeNull();
  });
  it('counts emoji as one character each', () => {
    expect(normalizeMutedWord('😀'.repeat(SAFETY_RULES.mutedWordMax))).not.toBeNull();
  });
});

describe('matchesMutedWords', () => {
  it('matches whole words case-insensitively, next to punctuation and in tags', () => {
    expect(matchesMutedWords('I love my Cat!', ['cat'])).toBe(true);
    expect(matchesMutedWords('#cat pictures', ['cat'])).toBe(true);
    expect(matchesMutedWords('CAT', ['cat'])).toBe(true);
  });
  it('does not match inside a longer word', () => {
    expect(matchesMutedWords('a new category', ['cat'])).toBe(false);
    expect(matchesMutedWords('concatenate', ['cat'])).toBe(false);
    expect(matchesMutedWords('café', ['caf'])).toBe(false);
  });
  it('matches phrases across any whitespace, and unicode words', () => {
    expect(matchesMutedWords('big\nspoiler   alert here', ['spoiler alert'])).toBe(true);
    expect(matchesMutedWords('Straße gesperrt', ['straße'])).toBe(true);
    expect(matchesMutedWords('東京 trip', ['東京'])).toBe(true);
  });
  it('treats regex characters literally', () => {
    expect(matchesMutedWords('price is $5 (today)', ['$5'])).toBe(true);
    expect(matchesMutedWords('a.b', ['a*b'])).toBe(false);
  });
  it('matches nothing with no words or no text', () => {
    expect(matchesMutedWords('anything', [])).toBe(false);
    expect(matchesMutedWords('', ['x'])).toBe(false);
  });
  it('a matcher built once judges every text as matchesMutedWords does', () => {
    const words = ['cat', 'spoiler alert', '$5', '東京'];
    const matches = mutedWordsMatcher(words);
    for (const text of ['Cat!', 'category', 'big\nspoiler   alert', 'price is $5', '東京 trip', '', 'nothing']) {
      expect(matches(text)).toBe(matchesMutedWords(text, words));
    }
    expect(mutedWordsMatcher([])('cat')).toBe(false);
  });
});
