import type { ComponentType } from 'react';
import {
  FeedSkeleton,
  NotificationsSkeleton,
  ListSkeleton,
  PlainSkeleton,
  PlansSkeleton,
  ProfileSkeleton,
  SettingsSkeleton,
} from '../components/skeletons/ScreenSkeletons';
import { SCREENS, type Screen, type ScreenName } from './screens';

/** The skeleton each kind names (a screen's `skeleton` in screens.ts). */
const SKELETONS: Record<Screen['skeleton'], ComponentType> = {
  feed: FeedSkeleton,
  profile: ProfileSkeleton,
  notifications: NotificationsSkeleton,
  settings: SettingsSkeleton,
  plans: PlansSkeleton,
  list: ListSkeleton,
  plain: PlainSkeleton,
};

/** The skeleton of `screen`, shown while that screen's code loads. */
export function ScreenSkeleton({ screen }: { screen: ScreenName }) {
  const Skeleton = SKELETONS[SCREENS[screen].skeleton];
  return <Skeleton />;
}
