import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { GroupId, type GroupPlan } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import type { GroupRow } from '../users/public';
import { PlansRepository } from './plans.repository';

/** Plans and group limits; the PayPal plan ids come from settings. */
@Injectable()
export class PlansService {
  constructor(
    private readonly groups: PlansRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  private paypalPlanId(groupId: number): string | null {
    const plans = this.settings.paypalPlans;
    const byGroup: Record<number, string | null> = {
      [GroupId.Silver]: plans.silver,
      [GroupId.Gold]: plans.gold,
      [GroupId.Platinum]: plans.platinum,
      [GroupId.Diamond]: plans.diamond,
    };
    return byGroup[groupId] ?? null;
  }

  toPlan(group: GroupRow): GroupPlan {
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      subscriptionFee: Number(group.subscription_fee),
      postLimit: group.post_limit,
      mediaLimit: group.media_limit_kb,
      editTimeout: group.edit_timeout_minutes,
      priorityBoost: group.priority_boost,
      monthlyBoosts: group.monthly_boosts,
      paypalPlanId: this.paypalPlanId(group.id),
      isAvailable: group.is_available,
    };
  }

  async get(groupId: number): Promise<GroupPlan> {
    const group = await this.groups.findById(groupId);
    if (!group) throw new NotFoundException('Group not found.');
    return this.toPlan(group);
  }

  async list(): Promise<GroupPlan[]> {
    return (await this.groups.list()).map((g) => this.toPlan(g));
  }
}
