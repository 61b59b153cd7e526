import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SIDE_PANEL_FEEDS, canModerate, canUseAdminTools, type FeedCategory } from '@cloud9/contracts';
import { chooseFeedCategory } from '../../hooks/useFeedCategory';
import { useDonationStore } from '../../stores/donation';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { TrophyIcon } from '../ui/CloudArt';
import { TrendingCard } from './TrendingCard';

interface SideContentProps {
  /** Called after a choice that leaves this content (a feed chosen, Gift Us, Admin Tools). */
  onDone?: () => void;
}

function TopicCard({ title, topics, onChoose }: { title: string; topics: readonly FeedCategory[]; onChoose: (topic: FeedCategory) => void }) {
  // Ids from useId: the side panel and the More sheet may both hold this card.
  const titleId = useId();
  return (
    <section className="side-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="side-card-title">
        {title}
      </h2>
      <ul className="side-topics">
        {topics.map((topic) => (
          <li key={topic}>
            <button type="button" className="side-topic" onClick={() => onChoose(topic)}>
              <span aria-hidden="true">#</span>
              {topic}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The trending hashtags, the feeds, Gift Us, the moderation queue (groups 1–4) and Admin Tools: the desktop side panel, and the More sheet elsewhere. */
export function SideContent({ onDone }: SideContentProps) {
  const navigate = useNavigate();
  const user = useSessionStore(selectCurrentUser);
  const openDonation = useDonationStore((s) => s.setOpen);
  const supportId = useId();

  const chooseCategory = (category: FeedCategory) => {
    chooseFeedCategory(category);
    onDone?.();
    void navigate('/');
  };

  return (
    <>
      <TrendingCard onDone={onDone} />
      <TopicCard title="Feeds" topics={SIDE_PANEL_FEEDS} onChoose={chooseCategory} />
      <section className="side-card side-card-gold" aria-labelledby={supportId}>
        <h2 id={supportId} className="side-card-title">
          <TrophyIcon className="side-trophy" /> Support Cloud 9
        </h2>
        <p className="hint">Love it up here? Help keep the skies clear.</p>
        <button
          type="button"
          className="btn btn-gold btn-block"
          aria-haspopup="dialog"
          onClick={() => {
            onDone?.();
            openDonation(true);
          }}
        >
          Gift Us
        </button>
        {canModerate(user) && (
          <Link to="/moderation" className="btn btn-ghost btn-block side-admin" onClick={onDone}>
            Moderation queue
          </Link>
        )}
        {canUseAdminTools(user) && (
          <Link to="/admin-tools" className="btn btn-ghost btn-block side-admin" onClick={onDone}>
            Admin Tools
          </Link>
        )}
      </section>
    </>
  );
}
