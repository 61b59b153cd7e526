import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { lookupUser } from './adminApi';
import { failureMessage, isNotFound } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { ToolCard } from './ToolCard';
import { UserDetails } from './UserDetails';
import { useAdminTool } from './useAdminTool';

const failed = (error?: string) => MESSAGES.admin.failedPrefix(error || 'Unknown error');

/** Finds a user by username and show id, username, email, name, group and created. */
export function FindUserTool() {
  const tool = useAdminTool();
  const inputId = useId();
  const [username, setUsername] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name || tool.job.running) return;
    try {
      const result = await tool.run(`Looking up @${name}...`, (signal) => lookupUser(name, signal));
      if (result?.success !== true || !result.user) {
        tool.alert({ tone: 'error', message: MESSAGES.admin.userNotFound });
        return;
      }
      tool.show({ tone: 'success', message: ADMIN_TEXT.userFound(result.user.username), details: <UserDetails user={result.user} /> });
    } catch (err) {
      if (isNotFound(err)) tool.alert({ tone: 'error', message: MESSAGES.admin.userNotFound });
      else tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactSearch, failed));
    }
  };

  return (
    <ToolCard
      title="Find a user"
      description="Look up an account's id, email, name, group and creation date."
      tool={tool}
      actions={
        <form className="admin-inline-form" onSubmit={submit} role="search" aria-label="Find a user">
          <label htmlFor={inputId} className="visually-hidden">
            Username to find
          </label>
          <input
            id={inputId}
            className="input"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            placeholder="Username"
            required
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="btn btn-primary" aria-disabled={tool.job.running}>
            Find user
          </button>
        </form>
      }
    />
  );
}
