/**
 * What other modules may use of users besides its services, guards and module (the lint's module
 * boundary): the signed-in account every route reads, the account deletion's steps and checks another module
 * registers, and the columns and wire item of a list of accounts.
 */
export type { GroupRow, SessionUser } from './session-user';
export { AccountDeletionChecks, AccountDeletionSteps, type AccountDeletionRequest } from './account-deletion-steps';
export { accountListColumns, toAccountListItem, type AccountPageRow } from './account-list';
