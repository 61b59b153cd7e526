import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import type { EditProfileModalProps } from './EditProfileModal';

/** The profile form (with its file chooser) loads when opened: the profile and Settings screens draw without it. */
export const LazyEditProfileModal = lazyWithTimeout<EditProfileModalProps>(() => import('./EditProfileModal').then((m) => m.EditProfileModal));
