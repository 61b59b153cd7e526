import { ROUTES, type ModerationAction, type ReportBody } from '@cloud9/contracts';
import { callApi } from './client';

export const muteUser = (userId: number) => callApi(ROUTES.safety.mute, { params: { userId } });
export const unmuteUser = (userId: number) => callApi(ROUTES.safety.unmute, { params: { userId } });
export const blockUser = (userId: number) => callApi(ROUTES.safety.block, { params: { userId } });
export const unblockUser = (userId: number) => callApi(ROUTES.safety.unblock, { params: { userId } });

export const fetchMutes = (cursor: string | null, signal?: AbortSignal) => callApi(ROUTES.safety.mutes, { query: { cursor }, signal });
export const fetchBlocks = (cursor: string | null, signal?: AbortSignal) => callApi(ROUTES.safety.blocks, { query: { cursor }, signal });

export const fetchMutedWords = (signal?: AbortSignal) => callApi(ROUTES.safety.mutedWords, { signal });
export const addMutedWord = (word: string) => callApi(ROUTES.safety.addMutedWord, { body: { word } });
export const removeMutedWord = (id: number) => callApi(ROUTES.safety.removeMutedWord, { params: { id } });

export const markNotInterested = (id: number) => callApi(ROUTES.safety.notInterested, { params: { id } });
export const unmarkNotInterested = (id: number) => callApi(ROUTES.safety.interestedAgain, { params: { id } });

export const sendReport = (body: ReportBody) => callApi(ROUTES.moderation.report, { body });

// 'warn' is the staff action the moderation module adds beside the others; typed by name until the
// contracts' action list carries it.
const WARN = 'warn' as ModerationAction;

/** Staff: warns the target of report `reportId` with `text`. */
export const warnOnReport = (reportId: number, text: string) => callApi(ROUTES.moderation.act, { params: { id: reportId }, body: { action: WARN, text } });
