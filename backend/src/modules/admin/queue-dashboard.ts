import type { INestApplication } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, Response } from 'express';
import { ADMIN_VISIBLE_QUEUES, GroupId, MAIL_QUEUE, MESSAGES, QUEUE_DASHBOARD_PATH } from '@cloud9/contracts';
import { JobsService } from '../../jobs/jobs.service';
import { AccountsService } from '../users/accounts.service';
import { AuditService } from '../audit/audit.service';
import { auditResult } from '../audit/audit.interceptor';

const refuse = (res: Response, statusCode: 401 | 403) =>
  res.status(statusCode).json({ success: false, statusCode, error: statusCode === 401 ? MESSAGES.auth.notSignedIn : MESSAGES.http.forbidden });

/**
 * The session decides, as SessionGuard does for Nest routes: 401 without a signed-in user, 403 for
 * anyone but group 1. What an admin changes through the board (retry, remove, clean...) is audited.
 */
function adminSessionOnly(users: AccountsService, audit: AuditService) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const userId = req.session?.userId;
    const user = userId ? await users.findSessionUser(userId) : null;
    if (!user) return void refuse(res, 401);
    if (user.group_id !== GroupId.Admin) return void refuse(res, 403);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => void audit.record(user, 'admin.queues.change', `${req.method} ${req.originalUrl}`, auditResult(res.statusCode)));
    }
    next();
  };
}

/** Bull Board (UI, its API and static assets) at /api/admin/queues, for the 'admin' and 'boosts' queues. */
export function mountQueueDashboard(app: INestApplication): void {
  const jobs = app.get(JobsService);
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: ADMIN_VISIBLE_QUEUES.map((name) => {
      const adapter = new BullMQAdapter(jobs.queue(name));
      // A mail's link carries its token: the dashboard shows that there is one, never the link.
      if (name === MAIL_QUEUE) adapter.setFormatter('data', (data: Record<string, unknown>) => ({ ...data, ...('link' in data && { link: '[redacted]' }) }));
      return adapter;
    }),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Cloud 9 jobs' } },
  });
  app.use(QUEUE_DASHBOARD_PATH, adminSessionOnly(app.get(AccountsService), app.get(AuditService)), board.getRouter());
}
