import { Controller, Get, Param } from '@nestjs/common';
import type { GroupPlan } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { IdParam } from '../../common/validation';
import { PlansService } from './plans.service';

@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get('group/:groupId')
  @PublicAnswer()
  get(@Param('groupId', IdParam()) groupId: number): Promise<GroupPlan> {
    return this.plans.get(groupId);
  }

  @Get('groups')
  @PublicAnswer()
  list(): Promise<GroupPlan[]> {
    return this.plans.list();
  }
}
