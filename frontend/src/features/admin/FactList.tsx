import type { Fact } from './resultFacts';

/** A result as labelled fields: each label over its value, in a grid that wraps on a phone. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="admin-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="admin-facts-row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
