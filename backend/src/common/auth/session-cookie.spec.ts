import { sessionCookieName } from './session-cookie';

describe('sessionCookieName', () => {
  it('is __Host-c9.sid for an https PUBLIC_URL and c9.sid for plain http', () => {
    expect(sessionCookieName({ publicUrl: 'https://cloud9.example' })).toBe('__Host-c9.sid');
    expect(sessionCookieName({ publicUrl: 'http://localhost:3000' })).toBe('c9.sid');
  });
});
