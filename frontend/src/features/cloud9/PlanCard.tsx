import { MESSAGES, annualPrice, isSubscribablePlanId, type GroupPlan } from '@cloud9/contracts';
import { TrophyIcon } from '../../components/ui/CloudArt';
import { formatEditWindow, formatMedia, formatUsd } from './planFormat';

interface PlanCardProps {
  plan: GroupPlan;
  isCurrent: boolean;
  isSelected: boolean;
  onSelect: (planId: number) => void;
}

/** One tier: fee (and annual price for paid plans), limits, and for plans 6–9 on sale the choice to subscribe. */
export function PlanCard({ plan, isCurrent, isSelected, onSelect }: PlanCardProps) {
  const paid = isSubscribablePlanId(plan.id);
  const comingSoon = paid && !plan.isAvailable;
  const titleId = `plan-${plan.id}`;
  return (
    <article className={`plan-card plan-${plan.name.toLowerCase()}${isSelected ? ' is-selected' : ''}`} aria-labelledby={titleId}>
      <header className="plan-card-header">
        <TrophyIcon className="plan-trophy" />
        <h2 id={titleId} className="plan-name">
          {plan.name}
        </h2>
        {comingSoon && <span className="badge badge-gold">Coming Soon</span>}
        {isCurrent && <span className="badge">Your plan</span>}
      </header>
      <p className="plan-price">
        {plan.subscriptionFee > 0 ? (
          <>
            <strong>{formatUsd(plan.subscriptionFee)}</strong> / month
          </>
        ) : (
          <strong>Free</strong>
        )}
      </p>
      {paid && <p className="plan-annual">{formatUsd(annualPrice(plan.subscriptionFee))} / year — one month free</p>}
      <p className="plan-description">{plan.description}</p>
      <ul className="plan-limits">
        <li>{plan.postLimit.toLocaleString('en-US')} characters per post</li>
        <li>Media up to {formatMedia(plan.mediaLimit)}</li>
        <li>{formatEditWindow(plan.editTimeout)}</li>
        <li>{plan.monthlyBoosts > 0 ? `${plan.monthlyBoosts} boost${plan.monthlyBoosts > 1 ? 's' : ''} a month` : 'No boosts'}</li>
        {plan.priorityBoost && <li>Priority boosts</li>}
      </ul>
      {comingSoon && <p className="plan-coming-soon">{MESSAGES.payment.comingSoon(plan.name)}</p>}
      {paid && !comingSoon && (
        <button type="button" className={`btn btn-block ${isSelected ? 'btn-gold' : 'btn-ghost'}`} aria-pressed={isSelected} onClick={() => onSelect(plan.id)}>
          {isSelected ? `${plan.name} selected` : `Choose ${plan.name}`}
        </button>
      )}
    </article>
  );
}
