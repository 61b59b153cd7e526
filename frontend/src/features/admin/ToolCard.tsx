import { useId, type ReactNode } from 'react';
import { ToolStatus } from './ToolStatus';
import type { AdminTool } from './useAdminTool';

interface ToolCardProps {
  title: string;
  description: string;
  /** The tool's button or link (and any small form). */
  actions: ReactNode;
  /** The tool's state, when it runs requests: its status area shows progress and results. */
  tool?: Pick<AdminTool, 'job' | 'outcome'>;
  /** Anything below the status (e.g. a follow-up action on the last result). */
  children?: ReactNode;
}

/** One tool of the admin panel: a titled card (an article named by its title) with its actions and results. */
export function ToolCard({ title, description, actions, tool, children }: ToolCardProps) {
  const titleId = useId();
  return (
    <li>
      <article className="admin-tool" aria-labelledby={titleId}>
        <div className="admin-tool-head">
          <div className="admin-tool-text">
            <h3 id={titleId} className="admin-tool-title">
              {title}
            </h3>
            <p className="hint">{description}</p>
          </div>
          <div className="admin-tool-actions">{actions}</div>
        </div>
        {tool && <ToolStatus tool={tool} />}
        {children}
      </article>
    </li>
  );
}
