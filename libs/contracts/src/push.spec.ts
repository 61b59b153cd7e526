import { base64urlBytes, PushSubscriptionBody } from './push';
import { PUSH_MESSAGES } from './push-messages';

const p256dh = `B${'A'.repeat(86)}`; // 65 bytes, the first 0x04
const auth = 'A'.repeat(22); // 16 bytes
const refusal = (body: unknown) => {
  const parsed = PushSubscriptionBody.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe('push subscription schema', () => {
  it('counts base64url bytes with or without padding', () => {
    expect(base64urlBytes(p256dh)).toBe(65);
    expect(base64urlBytes(`${p256dh}=`)).toBe(65);
    expect(base64urlBytes(auth)).toBe(16);
    expect(base64urlBytes(`${auth}==`)).toBe(16);
    expect(base64urlBytes('a+b/')).toBe(-1);
    expect(base64urlBytes('AAAAA')).toBe(-1);
  });

  it("takes PushSubscription.toJSON() and refuses each part with its catalogue message", () => {
    expect(refusal({ endpoint: 'https://push.example.com/x', keys: { p256dh, auth }, expirationTime: null })).toBeNull();
    expect(refusal({ endpoint: 'push.example.com/x', keys: { p256dh, auth } })).toBe(PUSH_MESSAGES.invalidEndpoint);
    expect(refusal({ endpoint: `https://push.example.com/${'x'.repeat(2048)}`, keys: { p256dh, auth } })).toBe(PUSH_MESSAGES.invalidEndpoint);
    expect(refusal({ endpoint: 'https://push.example.com/x' })).toBe(PUSH_MESSAGES.invalidKeys);
    expect(refusal({ endpoint: 'https://push.example.com/x', keys: { p256dh: `C${'A'.repeat(86)}`, auth } })).toBe(PUSH_MESSAGES.invalidP256dh);
    expect(refusal({ endpoint: 'https://push.example.com/x', keys: { p256dh: p256dh.slice(0, 80), auth } })).toBe(PUSH_MESSAGES.invalidP256dh);
    expect(refusal({ endpoint: 'https://push.example.com/x', keys: { p256dh, auth: 'AAAA' } })).toBe(PUSH_MESSAGES.invalidAuth);
  });
});
