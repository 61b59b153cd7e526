import { GroupId, isPaidPlan } from './groups';
import { annualPrice, planFor, PLANS } from './plans';

describe('plan table', () => {
  it('has every group 1–9 once', () => expect(PLANS.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]));
  it('names each paid plan as its group (the sign-in page lists them from GroupId)', () =>
    expect(PLANS.filter((p) => isPaidPlan(p.id)).map((p) => [p.id, p.name])).toEqual(Object.entries(GroupId).filter(([, id]) => isPaidPlan(id)).map(([name, id]) => [id, name])));
  it('matches the published numbers for the paid plans', () => {
    const row = (id: number) => {
      const p = planFor(id)!;
      return [p.name, p.subscriptionFee, p.postLimit, p.mediaLimit, p.editTimeout, p.monthlyBoosts, p.priorityBoost, p.isAvailable];
    };
    expect(row(5)).toEqual(['Basic', 0, 300, 2048, 0, 0, false, false]);
    expect(row(6)).toEqual(['Silver', 4.99, 500, 4096, 30, 1, true, true]);
    expect(row(7)).toEqual(['Gold', 9.99, 1000, 8192, 60, 2, true, true]);
    expect(row(8)).toEqual(['Platinum', 14.99, 2000, 16384, 120, 3, true, false]);
    expect(row(9)).toEqual(['Diamond', 19.99, 3000, 20480, 180, 4, true, false]);
  });
  it('prices a year at 11 months', () => {
    expect(annualPrice(4.99)).toBe(54.89);
    expect(annualPrice(19.99)).toBe(219.89);
  });
});
