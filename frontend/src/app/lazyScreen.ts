import type { ComponentType } from 'react';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';

/** A lazily loaded screen (named export), with a 120 s chunk timeout. */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return lazyWithTimeout(load);
}
