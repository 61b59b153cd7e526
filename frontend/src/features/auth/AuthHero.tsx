import { GroupId, isPaidPlan } from '@cloud9/contracts';
import { CloudShape, TrophyIcon } from '../../components/ui/CloudArt';

// The paid plans' names are their group names: the plan table (with its descriptions) stays out of the
// sign-in page's first load.
const TIERS = Object.entries(GroupId)
  .filter(([, id]) => isPaidPlan(id))
  .map(([name, id]) => ({ id, name }));

/** The sales pitch beside the form: the sky, the clouds and the tiers people win. */
export function AuthHero() {
  return (
    <section className="auth-hero" aria-labelledby="auth-hero-title">
      <CloudShape className="auth-cloud auth-cloud-1" opacity={0.9} />
      <CloudShape className="auth-cloud auth-cloud-2" opacity={0.6} />
      <CloudShape className="auth-cloud auth-cloud-3" opacity={0.75} />
      <img className="auth-hero-logo" src="/images/logo-mark.svg" alt="" width={72} height={72} />
      <h1 id="auth-hero-title" className="auth-hero-title">
        Life is better on <span className="auth-hero-accent">Cloud 9</span>
      </h1>
      <p className="auth-hero-lead">
        Share short posts, photos and GIFs with the people you follow. Climb higher with Cloud 9 tiers: longer posts, bigger
        media, more time to edit and monthly boosts to the top of the feed.
      </p>
      <ul className="auth-hero-tiers" aria-label="Cloud 9 tiers">
        {TIERS.map((tier) => (
          <li key={tier.id} className={`auth-tier auth-tier-${tier.name.toLowerCase()}`}>
            <TrophyIcon className="auth-tier-icon" />
            {tier.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
