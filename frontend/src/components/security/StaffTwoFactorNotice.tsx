import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TWO_FACTOR_MESSAGES as M, canModerate } from '@cloud9/contracts';
import { publicConfigQuery } from '../../queries/config';
import { useTwoFactorOn } from '../../queries/twoFactor';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import './StaffTwoFactorNotice.css';

/**
 * On the staff screens (moderation, admin tools) under REQUIRE_2FA_FOR_STAFF: staff without
 * two-factor are told their tools need it, with the way to Settings where they set it up. It reads
 * the public config the shell has already loaded (it asks for nothing itself), and the account's
 * two-factor status only for staff when the server requires it.
 */
export function StaffTwoFactorNotice() {
  const user = useSessionStore(selectCurrentUser);
  const { data: config } = useQuery({ ...publicConfigQuery, enabled: false });
  const staff = !!config?.staffTwoFactorRequired && canModerate(user);
  const on = useTwoFactorOn(staff);
  if (!staff || on !== false) return null;
  return (
    <p className="staff-two-factor-notice" role="status">
      {M.staffRequired}{' '}
      <Link to="/settings#settings-two-factor">{M.turnOn}</Link>
    </p>
  );
}
