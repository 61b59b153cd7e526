import { useId } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { useTrending } from '../../queries/trending';
import { Bone, Skeleton } from '../skeletons/Skeleton';

/** The trending hashtags, each opening its tag's feed, with how many people used it today. */
export function TrendingCard({ onDone }: { onDone?: () => void }) {
  // Ids from useId: the side panel and the More sheet may both hold this card.
  const titleId = useId();
  const trending = useTrending();
  return (
    <section className="side-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="side-card-title">
        Trending topics
      </h2>
      {trending === null ? (
        <Skeleton label="Loading trending topics...">
          <span className="side-trend-bones">
            {[0, 1, 2, 3].map((i) => (
              <Bone key={i} kind="block" height="2.4rem" />
            ))}
          </span>
        </Skeleton>
      ) : (
        <ul className="side-topics">
          {trending.map(({ tag, count }) => (
            <li key={tag}>
              <Link to={`/tag/${encodeURIComponent(tag)}`} className="side-topic side-trend" onClick={onDone}>
                <span className="side-trend-tag">
                  <span aria-hidden="true">#</span>
                  {tag}
                </span>
                {!!count && (
                  <span className="side-trend-count">
                    <span className="visually-hidden">, </span>
                    {MESSAGES.tagFeed.usedBy(count)}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
