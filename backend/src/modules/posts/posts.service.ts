import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  canDeletePost, canEditWithinWindow, clampToLimit, DEFAULT_CATEGORY, editWindowMinutes, MESSAGES,
  SocketEvents, type Post,
} from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { isAllowedGifUrl } from '../gifs/gif-url';
import { MediaService, StoredMedia } from '../media/media.service';
import { UNREFERENCED_MEDIA_SQL } from '../media/media.sql';
import { AlertsService, type AlertEvent } from '../notifications/alerts.service';
import { RealtimeService } from '../realtime/realtime.service';
import type { UserEntity } from '../users/user.entity';
import { assertActor } from '../../common/auth/assert-actor';
import { postLimitOf } from '../plans/plan-limits';
import { FeedService } from './feed.service';
import { CreatePostDto, EditPostDto, ReplyDto } from './posts.dto';
import { WRITE_SQL } from './posts.sql';
import { rowsOf } from '../../common/db/sql-params';

const POST_KINDS = ['image', 'video', 'audio'] as const;

/** Writes of posts: create, reply, edit, delete. Every check happens before anything is written. */
@Injectable()
export class PostsService {
  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly feed: FeedService,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly realtime: RealtimeService,
    private readonly alerts: AlertsService,
  ) {}

  /** spec §5: text, a file or a GIF (not both); text trimmed and cut to the plan's limit. */
  async create(user: UserEntity, dto: CreatePostDto, file: Express.Multer.File | undefined): Promise<Post> {
    assertActor(user, dto);
    const text = clampToLimit((dto.content ?? '').trim(), postLimitOf(user));
    const gif = dto.gif?.trim() || undefined;
    if (!text && !file && !gif) throw new BadRequestException(MESSAGES.post.contentRequired);
    if (file && gif) throw new BadRequestException(MESSAGES.post.oneFileOnly);
    if (gif && !isAllowedGifUrl(gif, this.settings.giphyMediaHosts)) throw new BadRequestException(MESSAGES.post.gifInvalid);

    const stored: StoredMedia | undefined = file ? await this.media.accept(file, user.id, POST_KINDS) : undefined;
    const placeholder = stored ? MESSAGES.post.mediaPlaceholder : MESSAGES.post.gifPlaceholder;
    try {
      const [{ id }] = await this.db.query(WRITE_SQL.insertPost, [
        user.id, null, text || placeholder, dto.category ?? DEFAULT_CATEGORY, stored?.id ?? null, stored?.url ?? null, gif ?? null,
      ]);
      const post = await this.feed.post(id, user.id);
      // After the commit: feeds offer a "new posts" pill (DESIGN.md, Real time).
      this.realtime.toEveryone(SocketEvents.postCreated, { id: post.id, category: post.category, user_id: post.user_id, createdAt: post.createdAt });
      return post;
    } catch (error) {
      if (stored) await this.media.removeByUrls([stored.url]); // no post: the file must not stay behind
      throw error;
    }
  }

  /** A reply counts on its parent in the same transaction; a missing parent writes nothing. */
  async reply(user: UserEntity, parentId: number, dto: ReplyDto): Promise<Post> {
    assertActor(user, dto);
    const text = clampToLimit((dto.content ?? '').trim(), postLimitOf(user));
    if (!text) throw new BadRequestException(MESSAGES.post.replyEmpty);
    let events: AlertEvent[] = [];
    const id = await this.db.transaction(async (m) => {
      const [parent] = rowsOf<{ category: string }>(await m.query(WRITE_SQL.countReply, [parentId]));
      if (!parent) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      const [{ id: replyId }] = await m.query(WRITE_SQL.insertPost, [user.id, parentId, text, parent.category, null, null, null]);
      // The parent's author is alerted; the alert points at the reply, so deleting it withdraws exactly this one.
      events = await this.alerts.raiseOnReply(m, user, parentId, replyId as number);
      return replyId as number;
    });
    this.alerts.publish(events);
    return this.feed.post(id, user.id);
  }

  /** Own posts within the plan's edit window (DESIGN.md); the old text goes to post_edits. */
  async edit(user: UserEntity, postId: number, dto: EditPostDto): Promise<{ success: true; post: Post }> {
    assertActor(user, dto);
    const text = clampToLimit((dto.content ?? '').trim(), postLimitOf(user));
    if (!text) throw new BadRequestException(MESSAGES.post.editEmpty);
    await this.db.transaction(async (m) => {
      const [post] = (await m.query(WRITE_SQL.lockPost, [postId])) as { user_id: number; content: string; created_at: Date }[];
      if (!post) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      if (post.user_id !== user.id) throw new ForbiddenException(MESSAGES.post.onlyAuthorEdits);
      if (editWindowMinutes(user.groupId) === 0) throw new ForbiddenException(MESSAGES.post.planCannotEdit);
      if (!canEditWithinWindow(user.groupId, post.created_at)) throw new ForbiddenException(MESSAGES.post.editWindowClosed);
      await m.query(WRITE_SQL.saveEdit, [postId, post.content]);
      await m.query(WRITE_SQL.applyEdit, [postId, text]);
    });
    return { success: true, post: await this.feed.post(postId, user.id) };
  }

  /**
   * The author or groups 1–2. Replies, likes, reposts, alerts, boosts and edits cascade; the
   * parent's reply count drops in the same transaction; files go after the commit.
   */
  async remove(user: UserEntity, postId: number): Promise<{ success: true }> {
    let events: AlertEvent[] = [];
    const files = await this.db.transaction(async (m) => {
      const [post] = (await m.query(WRITE_SQL.lockPost, [postId])) as { user_id: number; parent_id: number | null }[];
      if (!post) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      if (!canDeletePost({ id: user.id, group_id: user.groupId }, post.user_id)) throw new ForbiddenException(MESSAGES.post.deleteNotAllowed);
      const media: { media_id: number | null; media_url: string }[] = await m.query(WRITE_SQL.treeMedia, [postId]);
      if (post.parent_id !== null) await m.query(WRITE_SQL.uncountReply, [post.parent_id]);
      events = await this.alerts.withdrawForPostTree(m, postId);
      await m.query(WRITE_SQL.deletePost, [postId]);
      return media;
    });
    this.alerts.publish(events);
    if (files.length) {
      const unused: { url: string }[] = await this.db.query(UNREFERENCED_MEDIA_SQL, [files.map((f) => f.media_url), files.map((f) => f.media_id)]);
      await this.media.removeByUrls(unused.map((u) => u.url));
    }
    return { success: true };
  }
}
