import { Controller } from '@nestjs/common';
import { Endpoint, Params } from '../../common/endpoint';
import { ROUTES, type GroupPlan } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { PlansService } from './plans.service';

@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Endpoint(ROUTES.plans.get)
  @PublicAnswer()
  get(@Params('groupId') groupId: number): Promise<GroupPlan> {
    return this.plans.get(groupId);
  }

  @Endpoint(ROUTES.plans.list)
  @PublicAnswer()
  list(): Promise<GroupPlan[]> {
    return this.plans.list();
  }
}
