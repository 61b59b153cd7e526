import { Suspense } from 'react';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import type { EditProfileModalProps } from './EditProfileModal';

const EditProfileModal = lazyWithTimeout<EditProfileModalProps>(() => import('./EditProfileModal').then((m) => m.EditProfileModal));

/**
 * The profile form (with its file chooser), its code loaded when it is opened: the profile and
 * Settings screens draw without it. Nothing shows in its place meanwhile (the opener stays as it is).
 */
export function LazyEditProfileModal(props: EditProfileModalProps) {
  return (
    <Suspense fallback={null}>
      <EditProfileModal {...props} />
    </Suspense>
  );
}
