import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSocketFactory } from '../realtime/socket';
import { useDialogRequests } from '../components/dialogs/dialogRequests';
import { useNotificationsStore } from '../stores/notifications';
import { FakeSocket } from './notifications';

// The query cache tells screens of a change at once rather than on the next timer tick (the
// browser's batching), so a change made inside act() is on screen when act() returns.
notifyManager.setScheduler((callback) => callback());

// CI runs these beside the integration suites on two cores: what a test waits to appear gets 10 s,
// not the library's 1 s (a wait ends as soon as it is there; no bound in a test is a speed target).
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
  // jsdom does not implement the blocking dialogs; the app must not call them (tests assert on these spies).
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'confirm').mockImplementation(() => true);
  vi.spyOn(window, 'prompt').mockImplementation(() => null);
  // No test opens a real socket: the shell gets an idle fake unless a test hands in its own.
  setSocketFactory(() => new FakeSocket().asSocket());
  useNotificationsStore.getState().reset();
  useDialogRequests.setState({ queue: [] });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
