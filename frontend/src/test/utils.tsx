import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { CurrentUser, Page } from '@cloud9/contracts';
import { QueryProvider } from '../app/QueryProvider';
import { createQueryClient } from '../queries/queryClient';
import type { PagedData } from '../queries/paging';
import { useSessionStore } from '../stores/session';
import { useToastStore } from '../stores/toast';
import { ToastRegion } from '../components/ui/ToastRegion';
import { DialogHost } from '../components/dialogs/DialogHost';

export const testUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  username: 'skyler',
  email: 'skyler@example.com',
  name: 'Skyler Blue',
  bio: 'Head in the clouds.',
  birthdate: '1990-04-01',
  phone: null,
  location: 'Denver',
  website: 'https://skyler.example.com',
  thumbnail: null,
  background: null,
  group_id: 5,
  createdAt: '2025-01-01T00:00:00.000Z',
  emailVerified: true,
  pendingEmail: null,
  ...overrides,
});

/** Signs a user in through the store (which mirrors to localStorage), or signs out. */
export function setSession(user: CurrentUser | null) {
  // Each test starts with the group's limits not yet loaded, as after a fresh sign-in from storage.
  useSessionStore.setState({ groupLimits: null, limitsStatus: 'pending' });
  if (user) useSessionStore.getState().setCurrentUser(user);
  else useSessionStore.getState().clearSession();
  useToastStore.setState({ toasts: [] });
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type FetchCall = { url: string; init: RequestInit };

/** Replaces global fetch; `handler` answers each call and every call is recorded. */
export function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname}</div>
      <div data-testid="search">{location.search}</div>
    </>
  );
}

/**
 * Renders inside the app's query provider (a fresh cache, returned as `queryClient`) and a router
 * at `path`, with the toast region, the confirm/prompt dialog host and a probe of the current path. The router moves without a
 * transition, so a navigation is on screen together with whatever the same handler showed first
 * (an alert's toast), not a scheduler tick later.
 */
export function renderAt(ui: ReactElement, path = '/') {
  const queryClient = createQueryClient();
  const result = render(
    <QueryProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {ui}
        <ToastRegion />
        <DialogHost />
        <LocationProbe />
      </MemoryRouter>
    </QueryProvider>,
  );
  return { ...result, queryClient };
}

/** A paged list as the cache holds it after loading `pages` from the first. */
export const pagedData = <T,>(...pages: Page<T>[]): PagedData<T> => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)) });

/** The texts of the alert toasts on screen (the app's error surface), oldest first. */
export const alertTexts = (): string[] =>
  Array.from(document.querySelectorAll('.toast-region [role="alert"]'), (el) => el.textContent ?? '');

/** Answers the in-app confirmation asking `question` with its button `buttonLabel`. */
export async function answerConfirm(user: { click: (element: Element) => Promise<void> }, question: string, buttonLabel: string) {
  const dialog = await screen.findByRole('alertdialog', { name: question });
  await user.click(within(dialog).getByRole('button', { name: buttonLabel }));
}
