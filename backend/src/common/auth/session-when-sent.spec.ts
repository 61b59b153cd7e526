import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sessionWhenSent } from './session-when-sent';

describe('sessionWhenSent', () => {
  const run = (method: string, cookie?: string) => {
    const seen: string[] = [];
    const middleware = (name: string): RequestHandler => (_req, _res, next) => {
      seen.push(name);
      next();
    };
    const req = { method, headers: cookie === undefined ? {} : { cookie } } as Request;
    sessionWhenSent({ reads: middleware('reads'), writes: middleware('writes') }, 'c9.sid')(req, {} as Response, (() => seen.push('next')) as NextFunction);
    return seen;
  };

  it('skips the session for a GET or HEAD without the session cookie', () => {
    expect(run('GET')).toEqual(['next']);
    expect(run('HEAD', 'theme=dark')).toEqual(['next']);
  });

  it('reads the session whenever the cookie is sent, and for every other method (sign-in starts one)', () => {
    expect(run('GET', 'theme=dark; c9.sid=s%3Aabc.def')).toEqual(['reads', 'next']);
    expect(run('HEAD', 'c9.sid=x')).toEqual(['reads', 'next']);
    expect(run('POST')).toEqual(['writes', 'next']);
    expect(run('PUT', 'c9.sid=x')).toEqual(['writes', 'next']);
    expect(run('DELETE')).toEqual(['writes', 'next']);
  });
});
