import { GroupId } from './groups';
import { canChangeSuspension, latestSuspensionEnd, REPORT_RULES } from './moderation';

describe('suspension rules', () => {
  const now = Date.UTC(2030, 0, 1);
  const staff = { id: 2, group_id: GroupId.Staff3 };
  const admin = { id: 1, group_id: GroupId.Admin };

  it(`staff end a suspension within ${REPORT_RULES.staffSuspensionMaxDays} days; the admin any time`, () => {
    expect(latestSuspensionEnd(staff, now)).toBe(now + REPORT_RULES.staffSuspensionMaxDays * 86_400_000);
    expect(latestSuspensionEnd(admin, now)).toBe(Infinity);
  });

  it('a suspension the admin set is changed or lifted by the admin alone', () => {
    expect(canChangeSuspension(staff, false)).toBe(true);
    expect(canChangeSuspension(staff, true)).toBe(false);
    expect(canChangeSuspension(admin, true)).toBe(true);
    expect(canChangeSuspension(null, false)).toBe(false);
  });
});
