import { Suspense, useState } from 'react';
import type { UserProfile } from '@cloud9/contracts';
import { LazyReportDialog } from '../../components/safety/lazyReportDialog';
import { useSafetyActions } from '../../components/safety/useSafetyActions';
import { ActionMenu } from '../../components/ui/ActionMenu';

/** Another member's profile: mute or unmute, block or unblock, report; the flags come with the profile (`viewer`). */
export function ProfileSafetyMenu({ profile }: { profile: UserProfile }) {
  const safety = useSafetyActions();
  const [reporting, setReporting] = useState(false);
  const target = { id: profile.id, username: profile.username };
  const muted = profile.viewer?.muted ?? false;
  const blocked = profile.viewer?.blocked ?? false;
  return (
    <>
      <ActionMenu
        label={`Options for @${profile.username}`}
        className="profile-menu"
        entries={() => [
          muted
            ? { label: `Unmute @${profile.username}`, onSelect: () => void safety.unmute(target) }
            : { label: `Mute @${profile.username}`, onSelect: () => void safety.mute(target) },
          blocked
            ? { label: `Unblock @${profile.username}`, onSelect: () => void safety.unblock(target) }
            : { label: `Block @${profile.username}`, onSelect: () => void safety.block(target), danger: true },
          { label: `Report @${profile.username}`, onSelect: () => setReporting(true) },
        ]}
      />
      {reporting && (
        <Suspense fallback={null}>
          <LazyReportDialog target={{ type: 'user', user: target }} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );
}
