import { publicSettings, withoutCredentials } from './public-settings';
import { loadSettings } from './settings';

describe('publicSettings (the app backup settings file)', () => {
  const secrets = {
    SESSION_SECRET: 'session-secret-abcdef-123456',
    ADMIN_PASSWORD: 'admin-password-xyz',
    GIPHY_API_KEY: 'giphy-key-qwerty',
    PAYPAL_CLIENT_SECRET: 'paypal-secret-zxcv',
    DATABASE_URL: 'postgres://app:db-password-1@db.internal:5432/cloud9',
    REDIS_URL: 'redis://:redis-password-2@cache.internal:6379/0',
  };
  const settings = loadSettings({ ...secrets, PAYPAL_CLIENT_ID: 'client-id-1', PAYPAL_WEBHOOK_ID: 'WH-1', ADMIN_USERNAME: 'boss', BACKUP_KEEP: '3' }, false);

  it('carries no secret value, only whether each secret is set', () => {
    const text = JSON.stringify(publicSettings(settings));
    for (const secret of ['session-secret-abcdef-123456', 'admin-password-xyz', 'giphy-key-qwerty', 'paypal-secret-zxcv', 'db-password-1', 'redis-password-2']) {
      expect(text).not.toContain(secret);
    }
    expect(publicSettings(settings)).toEqual(
      expect.objectContaining({
        sessionSecretSet: true,
        adminPasswordSet: true,
        giphyApiKeySet: true,
        paypalClientSecretSet: true,
        databaseUrl: 'postgres://db.internal:5432/cloud9',
        redisUrl: 'redis://cache.internal:6379/0',
        paypalClientId: 'client-id-1',
        adminUsername: 'boss',
        backupKeep: 3,
      }),
    );
  });

  it('names every setting (nothing silently dropped or added)', () => {
    const keys = Object.keys(publicSettings(settings));
    expect(keys).toHaveLength(Object.keys(settings).length);
  });

  it('strips credentials and secret-looking query parameters from URLs', () => {
    expect(withoutCredentials('postgres://u:p@h/db?sslmode=require&password=x')).toBe('postgres://h/db?sslmode=require');
    expect(withoutCredentials('not a url')).toBeNull();
  });
});
