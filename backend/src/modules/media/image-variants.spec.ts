import { baseKeyOf, variantKey, variantKeysOf, widthsFor } from './image-variants';

const KEY = `${'c'.repeat(64)}.jpg`;

describe('image variants', () => {
  it('are named after the stored file and its width, and lead back to it', () => {
    expect(variantKey(KEY, 640)).toBe(`${KEY}.w640.webp`);
    expect(variantKeysOf(KEY).map(baseKeyOf)).toEqual(variantKeysOf(KEY).map(() => KEY));
    expect(variantKeysOf(KEY).sort()).toEqual([96, 192, 320, 640, 1280].map((w) => variantKey(KEY, w)).sort());
  });

  it('a name that is not a variant has no base (an original, an unknown width, a nested file)', () => {
    expect(baseKeyOf(KEY)).toBeNull();
    expect(baseKeyOf(`${KEY}.w500.webp`)).toBeNull();
    expect(baseKeyOf('nested/photo.png')).toBeNull();
  });

  it.each([
    ['post', 3000, [320, 640, 1280]],
    ['post', 1280, [320, 640]],
    ['post', 500, [320]],
    ['post', 320, []],
    ['avatar', 800, [96, 192]],
    ['avatar', 150, [96]],
    ['banner', 2048, [640, 1280]],
    ['banner', 600, []],
  ] as const)('a %s image %i px wide gets variants %j (never an upscale or a same-size copy)', (purpose, width, expected) => {
    expect(widthsFor(purpose, width)).toEqual(expected);
  });
});
