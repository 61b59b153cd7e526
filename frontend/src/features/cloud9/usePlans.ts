import { useEffect, useState } from 'react';
import { GroupId, PLANS, type GroupPlan } from '@cloud9/contracts';
import { fetchPlans } from '../../api/billing';

/** Member plans only (ids 5–9); admin and staff rows are not for sale. */
const isMemberPlan = (p: { id: number }) => p.id >= GroupId.Basic && p.id <= GroupId.Diamond;

/** The plan table the client ships with, shown until the server's (with PayPal plan ids) arrives. */
const SHIPPED: GroupPlan[] = PLANS.filter(isMemberPlan).map((p) => ({ ...p, paypalPlanId: null }));

/** The plan grid's rows: the server's plans (limits, availability, PayPal plan ids) once loaded. */
export function usePlans(): { plans: GroupPlan[]; loaded: boolean } {
  const [state, setState] = useState({ plans: SHIPPED, loaded: false });
  useEffect(() => {
    const controller = new AbortController();
    fetchPlans(controller.signal)
      .then((all) => setState({ plans: all.filter(isMemberPlan).sort((a, b) => a.id - b.id), loaded: true }))
      .catch(() => {
        // Offline or failing: the shipped table still shows; checkout then says payments are not configured.
        if (!controller.signal.aborted) setState((s) => ({ ...s, loaded: true }));
      });
    return () => controller.abort();
  }, []);
  return state;
}
