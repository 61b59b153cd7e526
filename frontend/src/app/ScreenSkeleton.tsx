import {
  FeedSkeleton,
  NotificationsSkeleton,
  ListSkeleton,
  PlainSkeleton,
  PlansSkeleton,
  ProfileSkeleton,
  SettingsSkeleton,
} from '../components/skeletons/ScreenSkeletons';
import { screenAt } from './screens';

/** The skeleton of the screen at `pathname`, shown while that screen's code loads. */
export function ScreenSkeleton({ pathname }: { pathname: string }) {
  switch (screenAt(pathname)) {
    case 'home':
      return <FeedSkeleton />;
    case 'profile':
      return <ProfileSkeleton />;
    case 'notifications':
      return <NotificationsSkeleton />;
    case 'settings':
      return <SettingsSkeleton />;
    case 'cloud9':
      return <PlansSkeleton />;
    case 'post':
    case 'bookmarks':
    case 'moderation':
      return <ListSkeleton />;
    default:
      return <PlainSkeleton />;
  }
}
