import { pageTitle } from './pageTitle';
import { documentTitle } from '../hooks/useDocumentTitle';

describe('pageTitle', () => {
  it('names every signed-in screen differently', () => {
    const paths = ['/', '/profile', '/notifications', '/settings', '/cloud9', '/post/4', '/admin-tools', '/admin-reset', '/profile/nimbus', '/tag/news'];
    const titles = paths.map(pageTitle);
    expect(new Set(titles).size).toBe(paths.length);
    expect(titles.slice(0, 4)).toEqual(['Home', 'Profile', 'Notifications', 'Settings']);
  });

  it("names another member's profile by their handle", () => {
    expect(pageTitle('/profile/nimbus')).toBe('@nimbus');
  });

  it('names a tag feed by its tag, lower case, and a path that is no tag plainly', () => {
    expect(pageTitle('/tag/News')).toBe('#news');
    expect(pageTitle(`/tag/${encodeURIComponent('Café')}`)).toBe('#café');
    expect(pageTitle('/tag/%E0%A4%A')).toBe('Tag');
    expect(documentTitle(pageTitle('/tag/news'))).toBe('#news · Cloud 9 Social');
  });

  it('puts the product name after the page', () => {
    expect(documentTitle('Home')).toBe('Home · Cloud 9 Social');
  });
});
