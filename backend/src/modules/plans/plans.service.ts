import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { GroupId, type GroupPlan } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { GroupEntity } from './group.entity';

/** Plans and group limits; the PayPal plan ids come from settings. */
@Injectable()
export class PlansService {
  constructor(
    @InjectRepository(GroupEntity) private readonly groups: Repository<GroupEntity>,
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

  toPlan(group: GroupEntity): GroupPlan {
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      subscriptionFee: group.subscriptionFee,
      postLimit: group.postLimit,
      mediaLimit: group.mediaLimit,
      editTimeout: group.editTimeout,
      priorityBoost: group.priorityBoost,
      monthlyBoosts: group.monthlyBoosts,
      paypalPlanId: this.paypalPlanId(group.id),
      isAvailable: group.isAvailable,
    };
  }

  async get(groupId: number): Promise<GroupPlan> {
    const group = await this.groups.findOneBy({ id: groupId });
    if (!group) throw new NotFoundException('Group not found.');
    return this.toPlan(group);
  }

  async list(): Promise<GroupPlan[]> {
    return (await this.groups.find({ order: { id: 'ASC' } })).map((g) => this.toPlan(g));
  }
}
