import { pageTitle } from './pageTitle';
import { documentTitle } from '../hooks/useDocumentTitle';

describe('pageTitle', () => {
  it('names every signed-in screen differently', () => {
    const paths = ['/', '/profile', '/notifications', '/settings', '/cloud9', '/post/4', '/admin-tools', '/admin-reset', '/profile/nimbus'];
    const titles = paths.map(pageTitle);
    expect(new Set(titles).size).toBe(paths.length);
    expect(titles.slice(0, 4)).toEqual(['Home', 'Profile', 'Notifications', 'Settings']);
  });

  it("names another member's profile by their handle", () => {
    expect(pageTitle('/profile/nimbus')).toBe('@nimbus');
  });

  it('puts the product name after the page', () => {
    expect(documentTitle('Home')).toBe('Home · Cloud 9 Social');
  });
});
