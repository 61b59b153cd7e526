import { useEffect, useState } from 'react';
import { GroupId, PLANS, type GroupPlan } from '@cloud9/contracts';
import { fetchPlans } from '../../api/plans';

/** Member plans only (ids 5–9); admin and staff rows are not for sale. */
const isMemberPlan = (p: { id: number }) => p.id >= GroupId.Basic && p.id <= GroupId.Diamond;

/** The plan table the client ships with, shown until the server's (with PayPal plan ids) arrives. */
const SHIPPED: GroupPlan[] = PLANS.filter(isMemberPlan).map((p) => ({ ...p, paypalPlanId: null }));

/** The plan grid's rows: the server's plans (limits, availability, PayPal plan ids) once loaded. */
export function usePlans(): GroupPlan[] {
  const [plans, setPlans] = useState(SHIPPED);
  useEffect(() => {
    const controller = new AbortController();
    // Offline or failing: the shipped table stays; checkout then says payments are not configured.
    fetchPlans(controller.signal)
      .then((all) => setPlans(all.filter(isMemberPlan).sort((a, b) => a.id - b.id)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return plans;
}
