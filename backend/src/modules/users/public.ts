/**
 * What other modules may use of users besides its services, guards and module (the lint's module
 * boundary): the signed-in account every route reads, and the account deletion's steps another module
 * registers.
 */
export type { GroupRow, SessionUser } from './session-user';
export { AccountDeletionSteps } from './account-deletion-steps';
