import { useState } from 'react';
import { GroupId, MESSAGES, PLANS } from '@cloud9/contracts';
import { CloudShape } from '../../components/ui/CloudArt';
import { EmptyState } from '../../components/ui/EmptyState';
import { SearchBox } from '../../components/ui/SearchBox';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { PlanCard } from './PlanCard';
import './cloud9.css';

/** Member plans only (ids 5–9); admin and staff rows are not for sale. */
const MEMBER_PLANS = PLANS.filter((p) => p.id >= GroupId.Basic && p.id <= GroupId.Diamond);

export function Cloud9Page() {
  const user = useSessionStore(selectCurrentUser);
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const plans = MEMBER_PLANS.filter((p) => !q || `${p.name} ${p.description}`.toLowerCase().includes(q));

  return (
    <section aria-labelledby="cloud9-title">
      <div className="cloud9-hero">
        <CloudShape className="cloud9-cloud cloud9-cloud-1" opacity={0.8} />
        <CloudShape className="cloud9-cloud cloud9-cloud-2" opacity={0.55} />
        <h1 id="cloud9-title">Cloud 9</h1>
        <p>Go higher: longer posts, bigger media, more time to edit and boosts to the top of the feed.</p>
      </div>
      <div className="page-body">
        <SearchBox label="Search plans" placeholder="Search plans..." value={query} onChange={setQuery} />
        <p id="checkout-note" className="cloud9-note">
          Checkout with PayPal opens soon. Subscribe buttons will turn on as soon as it does.
        </p>
        {plans.length === 0 ? (
          <EmptyState message={MESSAGES.empty.noResults} />
        ) : (
          <div className="plan-grid">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} isCurrent={user?.group_id === plan.id} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
