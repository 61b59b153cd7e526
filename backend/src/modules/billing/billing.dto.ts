import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsString, Matches } from 'class-validator';
import { MESSAGES } from '@cloud9/contracts';

/** POST /api/subscriptions: the PayPal subscription id (e.g. I-BW452GLLEP1G) and the chosen paid group. */
export class SubscribeDto {
  @IsDefined({ message: MESSAGES.payment.invalidSubscriptionId })
  @IsString({ message: MESSAGES.payment.invalidSubscriptionId })
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: MESSAGES.payment.invalidSubscriptionId })
  subscriptionId: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value))
  @IsDefined({ message: MESSAGES.payment.selectPlan })
  @IsInt({ message: MESSAGES.payment.invalidGroup })
  groupId: number;
}
