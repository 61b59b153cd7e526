/**
 * Admin panel texts beyond the failure messages. The failure messages
 * stay in MESSAGES.admin; these are the successes, prompts and hints around them.
 */
export const ADMIN_TEXT = {
  backupPrompt: "Type 'backup' to back up the database, or 'restore' to restore it from the latest backup:",
  deleteUserPrompt: 'Enter the id of the user to delete:',
  deleteUserConfirm: (id: number) => `Are you sure you want to permanently delete user ${id}? This cannot be undone.`,
  deleteSelf: 'You cannot delete your own account from the admin panel. Use Settings instead.',
  userDeleted: (id: number) => `User ${id} was permanently deleted.`,
  boostPrompt: 'Enter the id of the post to boost:',
  postBoosted: (id: number) => `Post ${id} is now the admin-boosted post.`,
  invalidId: 'Please enter a valid id (a positive whole number).',
  syncConfirm: 'Recount every follower and following total from the follow table now?',
  syncDone: (followers: number, followings: number) =>
    `Follow tables synced. Follower counts corrected: ${followers}. Following counts corrected: ${followings}.`,
  boostQueueConfirm: 'Process the boost queue now? Expired boosts end and waiting requests are approved.',
  orphansFound: (total: number) => (total === 1 ? '1 orphaned upload found.' : `${total} orphaned uploads found.`),
  orphansNone: 'No orphaned uploads found.',
  orphansShown: (shown: number, total: number) => `Showing the first ${shown} of ${total}.`,
  orphansDeleteConfirm: (total: number) =>
    `Permanently delete ${total === 1 ? 'the 1 orphaned file' : `all ${total} orphaned files`}? This cannot be undone.`,
  orphansDeleted: (deleted: number) => (deleted === 1 ? 'Deleted 1 orphaned file.' : `Deleted ${deleted} orphaned files.`),
  promoteConfirm: (username: string) => `Make @${username} an admin? Admins can use every tool on this page.`,
  userFound: (username: string) => `Found @${username}.`,
  groupChanged: (username: string, group: string) => `@${username} is now in ${group}.`,
  groupsFailed: 'Could not load the group settings.',
  noUsers: 'No users match.',
  noLogs: 'No admin actions logged yet.',
  noLogsMatch: 'No log entries match.',
  jobsCounted: 'Jobs of each queue, by state:',
  working: 'Working...',
} as const;
