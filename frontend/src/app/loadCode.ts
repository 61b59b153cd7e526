import type { ComponentType } from 'react';

/** Loads a part of the app's code: the signed-in shell or a screen. */
export type Loader = () => Promise<ComponentType>;

const arrived = new Map<Loader, ComponentType>();

/** Loads the code; what has arrived is kept, so it can be drawn without waiting (arrivedComponent). */
export function load(loader: Loader): Promise<ComponentType> {
  return loader().then((component) => {
    arrived.set(loader, component);
    return component;
  });
}

/** The component whose code has arrived, or null. */
export const arrivedComponent = (loader: Loader): ComponentType | null => arrived.get(loader) ?? null;
