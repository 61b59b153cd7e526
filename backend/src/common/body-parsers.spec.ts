import { BadRequestException } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';
import { parseForm, parseJsonObject } from './body-parsers';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('no refusal');
};

describe('body parsers', () => {
  it('parses JSON objects, an empty body as {}, and refuses everything else with its own message', () => {
    expect(parseJsonObject('{"a":[1,{"b":"c"}]}')).toEqual({ a: [1, { b: 'c' }] });
    expect(parseJsonObject('')).toEqual({});
    expect(refusal(() => parseJsonObject('{"a":'))).toBe(MESSAGES.http.invalidJson);
    for (const top of ['[]', '"x"', '1', 'null']) expect(refusal(() => parseJsonObject(top))).toBe(MESSAGES.http.bodyMustBeObject);
    expect(refusal(() => parseJsonObject(`{"a":${'['.repeat(32)}${']'.repeat(32)}}`))).toBe(MESSAGES.http.bodyTooDeep);
    for (const bad of ['{"a":"\\u0000"}', '{"\\u0000":1}', '{"a":["\\ud800"]}']) expect(refusal(() => parseJsonObject(bad))).toBe(MESSAGES.http.invalidCharacters);
  });

  it('keeps a __proto__ key as plain data', () => {
    const body = parseJsonObject('{"__proto__":{"polluted":true}}');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parses forms strictly and flat, without a prototype; repeated keys become lists', () => {
    const form = parseForm('a=1&b=x+y&a=2&c&d%5Be%5D=%C3%A9');
    expect({ ...form }).toEqual({ a: ['1', '2'], b: 'x y', c: '', 'd[e]': 'é' });
    expect(Object.getPrototypeOf(form)).toBeNull();
    for (const bad of ['a=%00', 'a=%', 'a=%ED%A0%80', '%FF=1']) expect(refusal(() => parseForm(bad))).toBe(MESSAGES.http.invalidCharacters);
    expect(refusal(() => parseForm(Array.from({ length: 101 }, (_, i) => `k${i}=v`).join('&')))).toBe(MESSAGES.http.badRequest);
  });
});
