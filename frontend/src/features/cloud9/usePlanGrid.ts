import { GroupId, PLANS, type GroupPlan } from '@cloud9/contracts';
import { usePlans } from '../../queries/plans';

/** Member plans only (ids 5–9); admin and staff rows are not for sale. */
const isMemberPlan = (p: { id: number }) => p.id >= GroupId.Basic && p.id <= GroupId.Diamond;

/** The plan table the client ships with, shown until the server's (with PayPal plan ids) arrives. */
const SHIPPED: GroupPlan[] = PLANS.filter(isMemberPlan).map((p) => ({ ...p, paypalPlanId: null }));

/**
 * The grid's rows: the server's plans (limits, availability, PayPal plan ids) once loaded. Offline
 * or failing, the shipped table stays; checkout then says payments are not configured.
 */
export function usePlanGrid(): GroupPlan[] {
  const { data } = usePlans();
  return Array.isArray(data) ? data.filter(isMemberPlan).sort((a, b) => a.id - b.id) : SHIPPED;
}
