import { Suspense, type ComponentProps } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { Spinner } from '../ui/Spinner';
import type { GlobalGifPicker as GlobalPicker } from './GlobalGifPicker';
import type { HomeGifWidget as HomeWidget } from './HomeGifWidget';

const HomeGifWidgetLazy = lazyWithTimeout<ComponentProps<typeof HomeWidget>>(() => import('./HomeGifWidget').then((m) => m.HomeGifWidget));
const GlobalGifPickerLazy = lazyWithTimeout<ComponentProps<typeof GlobalPicker>>(() =>
  import('./GlobalGifPicker').then((m) => m.GlobalGifPicker),
);

/** GIF pickers load on first use, so the first screen does not pay for them. */
export function LazyHomeGifWidget(props: ComponentProps<typeof HomeWidget>) {
  return (
    <Suspense fallback={<Spinner label={MESSAGES.gifs.loading} />}>
      <HomeGifWidgetLazy {...props} />
    </Suspense>
  );
}

export function LazyGlobalGifPicker(props: ComponentProps<typeof GlobalPicker>) {
  return (
    <Suspense fallback={<Spinner label={MESSAGES.gifs.loading} />}>
      <GlobalGifPickerLazy {...props} />
    </Suspense>
  );
}
