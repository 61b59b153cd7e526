import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { Spinner } from '../../components/ui/Spinner';
import { AdminResetForm } from './AdminResetForm';
import { useAdminCheck } from './queries';
import './admin.css';

/** Admin reset: 'Loading Admin Data...' while the admin is confirmed; a non-admin is alerted (in-app) and sent to /. */
export function AdminResetPage() {
  const check = useAdminCheck();
  // StrictMode re-runs effects; the user must see one alert, not two.
  const alerted = useRef(false);

  useEffect(() => {
    if (check === 'denied' && !alerted.current) {
      alerted.current = true;
      notify(MESSAGES.admin.resetUnauthorized, 'error');
    }
  }, [check]);

  if (check === 'denied') return <Navigate to="/" replace />;
  if (check === 'checking') return <Spinner label={MESSAGES.admin.loadingAdminData} />;

  return (
    <section aria-labelledby="admin-reset-title">
      <div className="page-header">
        <h1 id="admin-reset-title">Reset a password</h1>
      </div>
      <div className="page-body">
        <AdminResetForm />
        <p className="admin-back">
          <Link to="/admin-tools">Back to the Admin Panel</Link>
        </p>
      </div>
    </section>
  );
}
