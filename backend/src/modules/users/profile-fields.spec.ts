import { BadRequestException } from '@nestjs/common';
import { parseBirthdate, parseWebsite } from './profile-fields';

describe('profile fields', () => {
  it('accepts past dates and clears on empty', () => {
    expect(parseBirthdate('1990-05-17')).toBe('1990-05-17');
    expect(parseBirthdate('')).toBeNull();
  });
  it.each(['1990-02-30', '17/05/1990', '2999-01-01', '1800-01-01', 'yesterday'])('refuses birthdate %s', (raw) => {
    expect(() => parseBirthdate(raw)).toThrow(BadRequestException);
  });
  it('normalises websites to http(s) URLs', () => {
    expect(parseWebsite('cloud9.social')).toBe('https://cloud9.social/');
    expect(parseWebsite('http://example.com/me')).toBe('http://example.com/me');
    expect(parseWebsite('')).toBeNull();
  });
  it.each(['javascript:alert(1)', 'ftp://example.com', 'not a site', 'data:text/html,hi'])('refuses website %s', (raw) => {
    expect(() => parseWebsite(raw)).toThrow(BadRequestException);
  });
});
