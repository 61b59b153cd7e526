import { Link } from 'react-router-dom';
import { ToolCard } from './ToolCard';

export function ResetPasswordTool() {
  return (
    <ToolCard
      title="Reset a password"
      description="Set a new password for any member who is locked out."
      actions={
        <Link className="btn btn-primary" to="/admin-reset">
          Open reset form
        </Link>
      }
    />
  );
}
