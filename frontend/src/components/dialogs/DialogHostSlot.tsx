import { Suspense } from 'react';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { selectHasRequest, useDialogRequests } from './dialogRequests';

// The dialogs' code loads with the first question, not with the shell.
const DialogHost = lazyWithTimeout(() => import('./DialogHost').then((m) => m.DialogHost));

/** Where confirmAction() and promptText() questions appear; mounted once in the signed-in app. */
export function DialogHostSlot() {
  const waiting = useDialogRequests(selectHasRequest);
  return waiting ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}
