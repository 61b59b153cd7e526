import { useQuery } from '@tanstack/react-query';
import { fetchPlans } from '../api/plans';

const plansKeys = {
  all: () => ['plans'] as const,
};

/**
 * Every plan with its limits, fee, PayPal plan id and availability (GET /api/groups): the Cloud 9
 * grid and the admin's group settings. `failureMessage`, when given, is logged on a failure.
 */
export const usePlans = (failureMessage?: string) =>
  useQuery({ queryKey: plansKeys.all(), queryFn: ({ signal }) => fetchPlans(signal), meta: { failureMessage } });
