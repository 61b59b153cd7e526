import { requestLogLevel } from './request-log';

describe('requestLogLevel', () => {
  it('writes unexpected failures as errors, expected 5xx and 4xx as info', () => {
    expect(requestLogLevel(500, true, '/api/posts/:id')).toBe('error');
    expect(requestLogLevel(500, false, '/api/admin/backup')).toBe('info');
    expect(requestLogLevel(503, false, '/api/posts')).toBe('info');
    expect(requestLogLevel(503, false, '/api/health/ready')).toBe('info');
    expect(requestLogLevel(404, false, '(unmatched)')).toBe('info');
    expect(requestLogLevel(429, false, '/api/login')).toBe('info');
    expect(requestLogLevel(200, false, '/api/posts')).toBe('info');
  });

  it('keeps successful probes and scrapes out of the info stream', () => {
    for (const route of ['/api/health', '/api/health/live', '/api/health/ready', '/metrics']) expect(requestLogLevel(200, false, route)).toBe('debug');
  });
});
