import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { MESSAGES, canUseAdminTools } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import './admin.css';

export function AdminResetPage() {
  const user = useSessionStore(selectCurrentUser);
  const allowed = canUseAdminTools(user);
  // StrictMode re-runs effects; the spec wants one alert, not two.
  const alerted = useRef(false);

  useEffect(() => {
    if (!allowed && !alerted.current) {
      alerted.current = true;
      notify(MESSAGES.admin.resetUnauthorized, 'error');
    }
  }, [allowed]);

  if (!allowed) return <Navigate to="/" replace />;

  return (
    <section aria-labelledby="admin-reset-title">
      <div className="page-header">
        <h1 id="admin-reset-title">Reset a password</h1>
      </div>
      <div className="page-body">
        <form className="card admin-reset-form" onSubmit={(e) => e.preventDefault()} aria-describedby="admin-reset-note">
          <fieldset disabled className="admin-reset-fieldset">
            <div className="field">
              <label htmlFor="admin-reset-username">Username</label>
              <input id="admin-reset-username" name="username" required autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="admin-reset-password">New Password</label>
              <input id="admin-reset-password" name="newPassword" type="password" required autoComplete="new-password" />
            </div>
            <button type="submit" className="btn btn-primary">
              Reset Password
            </button>
          </fieldset>
          <p id="admin-reset-note" className="hint admin-reset-note">
            Password resets by admins are coming soon.
          </p>
        </form>
      </div>
    </section>
  );
}
