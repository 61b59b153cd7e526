import { screen, within } from '@testing-library/react';
import { alertTexts, renderAt, setSession, testUser } from '../../test/utils';
import { AdminToolsPage } from './AdminToolsPage';

/** Shared set-up of the admin panel tests: an admin session, the page, and its tool cards by title. */
export const adminUser = () => testUser({ id: 1, username: 'root', group_id: 1 });

export function renderPanel() {
  setSession(adminUser());
  return renderAt(<AdminToolsPage />, '/admin-tools');
}

/** The tool card (an article named by its title). */
export const card = (title: string) => screen.getByRole('article', { name: title });

/** The result area of a tool card: its live region and the outcome the alert surface announced. */
export const statusOf = (title: string) => card(title).querySelector<HTMLElement>('.admin-tool-status')!;

/** The newest alert toast's text (the app's alert surface). */
export const lastAlert = (): string | undefined => alertTexts().at(-1);

/** Answers the in-app prompt asking `question`: types `text` and presses OK, or presses Cancel for null. */
export async function answerPrompt(user: { click: (e: Element) => Promise<void>; type: (e: Element, text: string) => Promise<void> }, question: string, text: string | null) {
  const dialog = await screen.findByRole('dialog', { name: question });
  if (text === null) return user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  if (text) await user.type(within(dialog).getByRole('textbox', { name: question }), text);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
}

/** The admin tools ask and alert in the app only: no native dialog ever. */
export function expectNoNativeDialogs() {
  expect(window.alert).not.toHaveBeenCalled();
  expect(window.confirm).not.toHaveBeenCalled();
  expect(window.prompt).not.toHaveBeenCalled();
}
