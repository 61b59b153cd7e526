import { MENTION_ALERTS_PER_POST, planMentionAlerts } from './mention-alerts';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('planMentionAlerts', () => {
  it('alerts the mentioned accounts in text order, never the author', () => {
    expect(planMentionAlerts(1, [5, 1, 3])).toEqual({ raise: [5, 3], withdraw: [] });
  });

  it('alerts at most the first MENTION_ALERTS_PER_POST accounts; the author takes no place', () => {
    const mentioned = [1, ...range(100, 15)];
    expect(planMentionAlerts(1, mentioned).raise).toEqual(range(100, MENTION_ALERTS_PER_POST));
  });

  it('on an edit: keeps standing alerts, withdraws the unmentioned, alerts new ones within the cap', () => {
    const alerted = range(100, 10);
    const mentioned = [...range(102, 8), ...range(200, 5)]; // 100 and 101 gone, 5 new
    expect(planMentionAlerts(1, mentioned, alerted)).toEqual({ raise: [200, 201], withdraw: [100, 101] });
  });

  it('does not alert again an account that is still mentioned, wherever it moved', () => {
    expect(planMentionAlerts(1, [7, 5], [5, 7])).toEqual({ raise: [], withdraw: [] });
  });

  it('withdraws everything when the text mentions nobody', () => {
    expect(planMentionAlerts(1, [], [4, 6])).toEqual({ raise: [], withdraw: [4, 6] });
  });
});
