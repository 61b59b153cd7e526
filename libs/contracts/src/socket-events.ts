/** Socket.IO event names and payloads (DESIGN.md, Real time). */
import type { Post, SystemNotice, UserAlert } from './types';

export const SOCKET_PATH = '/socket.io';

export const SocketRooms = {
  user: (userId: number) => `user:${userId}`,
  notices: 'notices',
} as const;

export const SocketEvents = {
  alertNew: 'alert:new',
  alertRemoved: 'alert:removed',
  noticeCreated: 'notice:created',
  noticeUpdated: 'notice:updated',
  noticeDeleted: 'notice:deleted',
  postCreated: 'post:created',
  boostsChanged: 'boosts:changed',
} as const;

/** Events the server pushes, with their payloads. */
export interface ServerToClientEvents {
  'alert:new': (alert: UserAlert) => void;
  'alert:removed': (payload: { id: number }) => void;
  'notice:created': (notice: SystemNotice) => void;
  'notice:updated': (notice: SystemNotice) => void;
  'notice:deleted': (payload: { id: number }) => void;
  'post:created': (payload: { id: number; category: Post['category']; user_id: number; createdAt: string }) => void;
  'boosts:changed': (payload: { at: string }) => void;
}

/** The client sends nothing over the socket: every action is a REST call. */
export type ClientToServerEvents = Record<string, never>;
