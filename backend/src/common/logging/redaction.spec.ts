import { Writable } from 'node:stream';
import pino from 'pino';
import { loggableUrl, REDACT_PATHS, REDACTED, REQUEST_REDACT_PATHS } from './redaction';

/** One pino line, as the app's logger writes it, of `entry`. */
function logged(entry: object, paths: string[] = REDACT_PATHS): string {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  pino({ redact: { paths, censor: REDACTED } }, sink).info(entry, 'line');
  return out;
}

describe('log redaction', () => {
  it('censors passwords and tokens in bodies and objects, at any usual depth', () => {
    const line = logged({
      password: 'top-level-pw',
      body: { username: 'ann', password: 'body-pw', currentPassword: 'old-pw', newPassword: 'new-pw' },
      req: { body: { password: 'nested-pw' } },
      settings: { paypalClientSecret: 'pp-secret', sessionSecret: 'sess-secret', metricsToken: 'metrics-token' },
      paypal: { answer: { access_token: 'pp-access', refresh_token: 'pp-refresh' } },
    });
    for (const secret of ['top-level-pw', 'body-pw', 'old-pw', 'new-pw', 'nested-pw', 'pp-secret', 'sess-secret', 'metrics-token', 'pp-access', 'pp-refresh'])
      expect(line).not.toContain(secret);
    expect(line).toContain('"username":"ann"');
    expect(line).toContain(REDACTED);
  });

  it('censors credential headers of requests, responses and errors', () => {
    const line = logged({
      req: { headers: { cookie: 'c9.sid=s%3Asession', authorization: 'Bearer abc', 'user-agent': 'jest' } },
      res: { headers: { 'set-cookie': ['c9.sid=s%3Anew'] } },
      err: { config: { headers: { authorization: 'Basic cGF5cGFs' } }, parameters: ['$argon2id$hash'] },
    });
    for (const secret of ['s%3Asession', 'Bearer abc', 's%3Anew', 'cGF5cGFs', '$argon2id$hash']) expect(line).not.toContain(secret);
    expect(line).toContain('"user-agent":"jest"');
  });

  it('censors, in the request logger, the secrets of bodies, settings, credential headers and failed queries', () => {
    const line = logged(
      {
        password: 'top-pw',
        body: { username: 'ann', password: 'body-pw', token: 'body-token' },
        settings: { sessionSecret: 'sess-secret' },
        req: { headers: { cookie: 'c9.sid=s%3Asession', 'user-agent': 'jest' } },
        err: { config: { headers: { authorization: 'Basic cGF5cGFs' } }, parameters: ['$argon2id$hash'] },
      },
      REQUEST_REDACT_PATHS,
    );
    for (const secret of ['top-pw', 'body-pw', 'body-token', 'sess-secret', 's%3Asession', 'cGF5cGFs', '$argon2id$hash']) expect(line).not.toContain(secret);
    expect(line).toContain('"username":"ann"');
    expect(REQUEST_REDACT_PATHS.some((path) => path.includes('*'))).toBe(false);
  });

  it('censors secret-looking query values of a logged URL and keeps the rest', () => {
    expect(loggableUrl('/api/search?q=clouds&token=abc123&page=2')).toBe(`/api/search?q=clouds&token=${REDACTED}&page=2`);
    expect(loggableUrl('/x?api_key=k1&Password=p#frag')).toBe(`/x?api_key=${REDACTED}&Password=${REDACTED}#frag`);
    expect(loggableUrl('/api/posts/12?keyword=sun')).toBe('/api/posts/12?keyword=sun');
  });
});
