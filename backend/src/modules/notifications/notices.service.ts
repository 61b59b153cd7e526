import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, canManageNotice, canPostNotice, cleanPostText, type NoticeBody, type Page, type SystemNotice } from '@cloud9/contracts';
import { mediaInfoOfRow } from '../media/media-info';
import { MediaService, type StoredMedia } from '../media/media.service';
import { postLimitOf } from '../plans/plan-limits';
import { decodeTimeCursor } from '../../common/db/cursor';
import type { Db } from '../../common/db/database';
import { containsPattern, limitLiteral, SqlParams } from '../../common/db/sql-params';
import { RealtimeService } from '../realtime/realtime.service';
import type { SessionUser } from '../users/session-user';
import type { NoticeRow } from './notifications.sql';
import { NotificationsRepository, type LockedNotice } from './notifications.repository';
import { timeCursorOf, toPage } from '../../common/db/page';

const NOTICE_KINDS = ['image', 'video', 'audio'] as const;

const toWire = (r: NoticeRow): SystemNotice => {
  const media = mediaInfoOfRow(r.media_url, r, 'media');
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    content: r.content,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    media_url: r.media_url,
    media_mime: r.media_mime,
    ...(media && { media }),
    postUser: { name: r.name, thumbnail: r.thumbnail },
  };
};

const actorOf = (user: SessionUser) => ({ id: user.id, group_id: user.group_id });

/**
 * System notices: groups 1–4 post; admins edit and delete any, staff their own. Every
 * check runs before anything is written; live events go out after the commit.
 */
@Injectable()
export class NoticesService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly media: MediaService,
    private readonly realtime: RealtimeService,
  ) {}

  list(limit: number, cursor?: string): Promise<Page<SystemNotice>> {
    return this.page(limit, cursor);
  }

  /** GET /api/search/notifications: content contains the words as typed (% and _ taken literally). */
  search(query: string | undefined, limit: number, cursor?: string): Promise<Page<SystemNotice>> {
    const text = (query ?? '').trim();
    if (!text) throw new BadRequestException(MESSAGES.post.searchQueryRequired);
    return this.page(limit, cursor, text);
  }

  /** Create, or edit when the body carries `id`. A video may bring its poster frame (see MediaService.accept). */
  async save(user: SessionUser, dto: NoticeBody, file: Express.Multer.File | undefined, poster?: Express.Multer.File): Promise<{ created: boolean; notice: SystemNotice }> {
    this.assertActor(user, dto);
    if (!canPostNotice(actorOf(user))) throw new ForbiddenException(MESSAGES.notices.permissionDenied);
    const text = cleanPostText(dto.message, postLimitOf(user));
    if (poster && !file) throw new BadRequestException(MESSAGES.http.posterNeedsVideo);
    if (dto.id !== undefined) return { created: false, notice: await this.edit(user, dto.id, text, file, poster) };
    if (!text && !file) throw new BadRequestException(MESSAGES.notices.contentOrMedia);
    const stored = file ? await this.media.accept(file, user.id, NOTICE_KINDS, 'post', poster) : undefined;
    let id: number;
    try {
      id = await this.notifications.insertNotice(user.id, text, stored?.id ?? null, stored?.url ?? null);
    } catch (error) {
      await this.media.release([stored]);
      throw error;
    }
    const notice = await this.one(id);
    this.realtime.toEveryone('notice:created', notice);
    return { created: true, notice };
  }

  async remove(user: SessionUser, id: number): Promise<{ success: true }> {
    const old = await this.notifications.transaction(async (trx) => {
      const notice = await this.lockManageable(trx, user, id);
      await this.notifications.deleteNotice(trx, id);
      return notice;
    });
    await this.removeIfUnused(old);
    this.realtime.toEveryone('notice:deleted', { id });
    return { success: true };
  }

  private async edit(user: SessionUser, id: number, text: string, file: Express.Multer.File | undefined, poster: Express.Multer.File | undefined): Promise<SystemNotice> {
    if (!text) throw new BadRequestException(MESSAGES.notices.editEmpty);
    // 404 / 403 before a file is stored; checked again under the row lock below.
    await this.notifications.transaction((trx) => this.lockManageable(trx, user, id));
    const stored: StoredMedia | undefined = file ? await this.media.accept(file, user.id, NOTICE_KINDS, 'post', poster) : undefined;
    let old: LockedNotice;
    try {
      old = await this.notifications.transaction(async (trx) => {
        const notice = await this.lockManageable(trx, user, id);
        await this.notifications.updateNotice(trx, id, text, stored);
        return notice;
      });
    } catch (error) {
      await this.media.release([stored]);
      throw error;
    }
    if (stored) await this.removeIfUnused(old);
    const notice = await this.one(id);
    this.realtime.toEveryone('notice:updated', notice);
    return notice;
  }

  /** The notice row locked for a change: 404 when missing, 403 unless admin or its staff author. */
  private async lockManageable(trx: Db, user: SessionUser, id: number): Promise<LockedNotice> {
    const notice = await this.notifications.lockNotice(trx, id);
    if (!notice) throw new NotFoundException(MESSAGES.notices.notFound);
    if (!canManageNotice(actorOf(user), notice.user_id)) throw new ForbiddenException(MESSAGES.notices.permissionDenied);
    return notice;
  }

  /** After the commit: the notice's old file goes unless a post, notice or profile still uses it. */
  private async removeIfUnused(old: LockedNotice): Promise<void> {
    await this.media.removeUnused([old]);
  }

  /** A body that names the actor (user_id, group_id, username) must name the session's user. */
  private assertActor(user: SessionUser, dto: NoticeBody): void {
    const differs = (sent: unknown, own: string | number) => sent !== undefined && sent !== null && sent !== '' && String(sent).toLowerCase() !== String(own).toLowerCase();
    if (differs(dto.user_id, user.id) || differs(dto.group_id, user.group_id) || differs(dto.username, user.username)) {
      throw new ForbiddenException(MESSAGES.http.forbidden);
    }
  }

  private async one(id: number): Promise<SystemNotice> {
    const row = await this.notifications.noticeById(id);
    if (!row) throw new NotFoundException(MESSAGES.notices.notFound);
    return toWire(row);
  }

  private async page(limit: number, cursor: string | undefined, search?: string): Promise<Page<SystemNotice>> {
    const after = decodeTimeCursor(cursor);
    const p = new SqlParams();
    if (after) {
      p.add(after.time);
      p.add(after.id);
    }
    const pattern = search ? p.add(containsPattern(search)) : null;
    const rows = await this.notifications.noticePage(p.values, !!after, pattern, limitLiteral(limit + 1));
    return toPage(rows, limit, toWire, timeCursorOf);
  }
}
