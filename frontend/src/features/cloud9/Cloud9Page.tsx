import { useState } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { CloudShape } from '../../components/ui/CloudArt';
import { EmptyState } from '../../components/ui/EmptyState';
import { SearchBox } from '../../components/ui/SearchBox';
import { usePublicConfig } from '../../queries/config';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { Checkout } from './Checkout';
import { PlanCard } from './PlanCard';
import { usePlanGrid } from './usePlanGrid';
import './cloud9.css';

/** /cloud9: the plan grid with search, plan choice and PayPal checkout. */
export function Cloud9Page() {
  const user = useSessionStore(selectCurrentUser);
  const config = usePublicConfig();
  const plans = usePlanGrid();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const q = query.trim().toLowerCase();
  const shown = plans.filter((p) => !q || `${p.name} ${p.description}`.toLowerCase().includes(q));
  // Only a plan on sale can be the choice (Coming Soon plans offer no choice at all).
  const selected = plans.find((p) => p.id === selectedId && p.isAvailable) ?? null;

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
        {shown.length === 0 ? (
          <EmptyState message={MESSAGES.empty.noResults} />
        ) : (
          <div className="plan-grid">
            {shown.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                isCurrent={user?.group_id === plan.id}
                isSelected={plan.id === selectedId}
                onSelect={(id) => setSelectedId((current) => (current === id ? null : id))}
              />
            ))}
          </div>
        )}
        {/* A new choice starts checkout over, so PayPal's button always carries the chosen plan. */}
        <Checkout key={selected?.id ?? 'none'} plan={selected} config={config} />
      </div>
    </section>
  );
}
