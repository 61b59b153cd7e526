import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { renderAt, setSession, testUser } from '../../test/utils';
import { AdminToolsPage } from './AdminToolsPage';

/** Shared set-up of the admin panel tests: an admin session, the page, and its tool cards by title. */
export const adminUser = () => testUser({ id: 1, username: 'root', group_id: 1 });

export function renderPanel() {
  setSession(adminUser());
  return renderAt(<AdminToolsPage />, '/admin-tools');
}

/** The tool card (an article named by its title). */
export const card = (title: string) => screen.getByRole('article', { name: title });

/** The result area (live region) of a tool card. */
export const statusOf = (title: string) => within(card(title)).getByRole('status');

/** Answers the next native prompts in order (null = Cancel). */
export function answerPrompts(...answers: (string | null)[]) {
  const spy = vi.spyOn(window, 'prompt');
  for (const answer of answers) spy.mockImplementationOnce(() => answer);
  return spy;
}
