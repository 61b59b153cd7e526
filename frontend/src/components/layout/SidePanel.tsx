import { Link, useNavigate } from 'react-router-dom';
import { SIDE_PANEL_FEEDS, TRENDING_TOPICS, canUseAdminTools, type FeedCategory } from '@cloud9/contracts';
import { chooseFeedCategory } from '../../hooks/useFeedCategory';
import { useDonationStore } from '../../stores/donation';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { TrophyIcon } from '../ui/CloudArt';

export function SidePanel() {
  const navigate = useNavigate();
  const user = useSessionStore(selectCurrentUser);
  const openDonation = useDonationStore((s) => s.setOpen);

  const chooseCategory = (category: FeedCategory) => {
    chooseFeedCategory(category);
    void navigate('/');
  };

  const renderTopics = (title: string, topics: readonly FeedCategory[]) => (
    <section className="side-card" aria-labelledby={`side-${title}`}>
      <h2 id={`side-${title}`} className="side-card-title">
        {title}
      </h2>
      <ul className="side-topics">
        {topics.map((topic) => (
          <li key={topic}>
            <button type="button" className="side-topic" onClick={() => chooseCategory(topic)}>
              <span aria-hidden="true">#</span>
              {topic}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <aside className="side-panel" aria-label="Topics and extras">
      {renderTopics('Trending topics', TRENDING_TOPICS)}
      {renderTopics('Feeds', SIDE_PANEL_FEEDS)}
      <section className="side-card side-card-gold" aria-labelledby="side-support">
        <h2 id="side-support" className="side-card-title">
          <TrophyIcon className="side-trophy" /> Support Cloud 9
        </h2>
        <p className="hint">Love it up here? Help keep the skies clear.</p>
        <button type="button" className="btn btn-gold btn-block" aria-haspopup="dialog" onClick={() => openDonation(true)}>
          Gift Us
        </button>
        {canUseAdminTools(user) && (
          <Link to="/admin-tools" className="btn btn-ghost btn-block side-admin">
            Admin Tools
          </Link>
        )}
      </section>
    </aside>
  );
}
