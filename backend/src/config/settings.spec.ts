import { loadSettings, parseRateLimit, SettingsError } from './settings';

const load = (env: Record<string, string>) => loadSettings(env as NodeJS.ProcessEnv, false);

describe('settings', () => {
  it('has defaults that work against local services', () => {
    const s = load({});
    expect(s.port).toBe(3000);
    expect(s.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/cloud9');
    expect(s.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(s.publicUrl).toBe('http://localhost:3000');
    expect(s.rateLimitLogin).toEqual({ max: 10, windowSeconds: 900 });
    expect(s.rateLimitRegister).toEqual({ max: 20, windowSeconds: 3600 });
  });
  it('parses rate limits in several spellings', () => {
    const fallback = { max: 1, windowSeconds: 60 };
    expect(parseRateLimit('X', '5/2m', fallback)).toEqual({ max: 5, windowSeconds: 120 });
    expect(parseRateLimit('X', '7/30', fallback)).toEqual({ max: 7, windowSeconds: 30 });
    expect(parseRateLimit('X', '3', fallback)).toEqual({ max: 3, windowSeconds: 60 });
    expect(() => parseRateLimit('X', 'lots', fallback)).toThrow(SettingsError);
  });
  it('refuses bad values with a message naming the setting', () => {
    expect(() => load({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => load({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => load({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });
  it('splits allowed origins', () => {
    expect(load({ ALLOWED_ORIGINS: 'https://a.example, https://b.example/' }).allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
