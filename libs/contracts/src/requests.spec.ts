import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { SubscribeBody } from './requests';

const firstMessage = (schema: z.ZodMiniType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
};

describe('request schemas', () => {
  it("a subscription's plan: absent or null asks to select one, anything but a whole number is an invalid group", () => {
    const subscriptionId = 'I-BW452GLLEP1G';
    expect(firstMessage(SubscribeBody, { subscriptionId })).toBe(MESSAGES.payment.selectPlan);
    expect(firstMessage(SubscribeBody, { subscriptionId, groupId: null })).toBe(MESSAGES.payment.selectPlan);
    for (const groupId of ['six', 6.5, true, [6], '']) expect(firstMessage(SubscribeBody, { subscriptionId, groupId })).toBe(MESSAGES.payment.invalidGroup);
    expect(SubscribeBody.parse({ subscriptionId, groupId: '6' })).toEqual({ subscriptionId, groupId: 6 });
  });
});
