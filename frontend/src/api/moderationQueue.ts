import { ROUTES, type ModerationActionBody, type ReportReason, type ReportStatus } from '@cloud9/contracts';
import { callApi } from './client';

/** One keyset page of the staff's queue (groups 1–4), newest first. */
export const fetchModerationQueue = (status: ReportStatus, reason: ReportReason | undefined, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.moderation.queue, { query: { status, reason, cursor: cursor ?? undefined }, signal });

export const actOnReport = (reportId: number, body: ModerationActionBody) => callApi(ROUTES.moderation.act, { params: { id: reportId }, body });
