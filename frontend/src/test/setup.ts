import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSocketFactory } from '../realtime/socket';
import { useNotificationsStore } from '../stores/notifications';
import { FakeSocket } from './notifications';

beforeEach(() => {
  localStorage.clear();
  // jsdom does not implement the blocking dialogs; tests assert on these spies.
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'confirm').mockImplementation(() => true);
  // No test opens a real socket: the shell gets an idle fake unless a test hands in its own.
  setSocketFactory(() => new FakeSocket().asSocket());
  useNotificationsStore.getState().reset();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
