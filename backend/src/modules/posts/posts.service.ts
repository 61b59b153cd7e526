import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ALT_TEXT_MESSAGES, DEFAULT_CATEGORY, MESSAGES, canDeletePost, canEditWithinWindow, cleanPostText, editWindowMinutes, extractMentions, extractTags, isAltTextTooLong, normalizeAltText, takesAltText, type EditPostBody, type NewPostBody, type Post, type ReplyBody, type FeedCategory } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { isAllowedGifUrl } from '../gifs/public';
import { MediaService, StoredMedia } from '../media/media.service';
import { AlertsService } from '../notifications/alerts.service';
import type { SessionUser } from '../users/public';
import { assertActor } from '../../common/auth/assert-actor';
import { DomainEvents } from '../../common/events/domain-events';
import { postLimitOf } from '../plans/public';
import { FeedService } from './feed.service';
import { PostsRepository, type LockedPost, type RichTextFacts } from './posts.repository';
import type { Db } from '../../common/db/database';

const POST_KINDS = ['image', 'video', 'audio'] as const;

/** A description as stored (normalised; null for none); 400 past the limit. */
function altTextOf(raw: string | null | undefined): string | null {
  if (isAltTextTooLong(raw)) throw new BadRequestException(ALT_TEXT_MESSAGES.tooLong);
  return normalizeAltText(raw);
}

const altNeedsMedia = () => new BadRequestException(ALT_TEXT_MESSAGES.needsMedia);

/**
 * Writes of posts: create, reply, edit, delete. Every check happens before anything is written; each
 * write raises what it changed (post.created, post.changed, post.deleted, post.reacted for a parent's
 * reply count) in its transaction, and the subscribers push and invalidate after the commit.
 */
@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly media: MediaService,
    private readonly feed: FeedService,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly alerts: AlertsService,
    private readonly events: DomainEvents,
  ) {}

  /** Locks a post for the rest of the caller's transaction; undefined when there is no such post. */
  lock(trx: Db, id: number): Promise<LockedPost | undefined> {
    return this.posts.lock(trx, id);
  }

  /** Moves boosted posts up the pinned order (their updated_at), in the caller's transaction. */
  touchBoosted(trx: Db, ids: number[]): Promise<void> {
    return this.posts.touch(trx, ids);
  }

  /**
   * A post is text, a file or a GIF (not both); text trimmed and cut to the plan's limit. A video
   * may bring its poster frame (see MediaService.accept). Its mentions alert in its transaction.
   */
  async create(user: SessionUser, dto: NewPostBody, file: Express.Multer.File | undefined, poster?: Express.Multer.File): Promise<Post> {
    assertActor(user, dto);
    const text = cleanPostText(dto.content, postLimitOf(user));
    const gif = dto.gif?.trim() || undefined;
    if (!text && !file && !gif) throw new BadRequestException(MESSAGES.post.contentRequired);
    if (file && gif) throw new BadRequestException(MESSAGES.post.oneFileOnly);
    if (gif && !isAllowedGifUrl(gif, this.settings.giphyMediaHosts)) throw new BadRequestException(MESSAGES.post.gifInvalid);
    if (poster && !file) throw new BadRequestException(MESSAGES.http.posterNeedsVideo);
    const alt = altTextOf(dto.alt);
    if (alt && !file) throw altNeedsMedia();

    const stored: StoredMedia | undefined = file ? await this.media.accept(file, user.id, POST_KINDS, 'post', poster) : undefined;
    const placeholder = stored ? MESSAGES.post.mediaPlaceholder : MESSAGES.post.gifPlaceholder;
    const content = text || placeholder;
    const category: FeedCategory = dto.category ?? DEFAULT_CATEGORY;
    try {
      if (alt && !takesAltText(stored?.mime)) throw altNeedsMedia();
      const id = await this.posts.transaction(async (trx) => {
        const facts = await this.factsOf(trx, content);
        const inserted = await this.posts.insert(trx, {
          user_id: user.id, parent_id: null, content, category,
          media_id: stored?.id ?? null, media_url: stored?.url ?? null, media_alt: alt, gif_url: gif ?? null, ...facts,
        });
        await this.alerts.raiseOnMentions(trx, user, inserted.id, facts.mention_ids);
        this.events.add(trx, 'post.created', { postId: inserted.id, authorId: user.id, parentId: null, category, createdAt: inserted.created_at.toISOString() });
        return inserted.id;
      });
      return await this.feed.post(id, user);
    } catch (error) {
      await this.media.release([stored]); // no post: the upload must not stay behind
      throw error;
    }
  }

  /** What `text` refers to: the existing accounts it mentions and its tags, in text order (the shared parser's reading). */
  private async factsOf(trx: Db, text: string): Promise<RichTextFacts> {
    return { mention_ids: await this.posts.accountIds(trx, extractMentions(text)), tags: extractTags(text) };
  }

  /**
   * A reply counts on its parent in the same transaction; a missing parent writes nothing. A reply
   * is text, a file (with its description and, for a video, its poster frame) or both; its mentions
   * alert in its transaction.
   */
  async reply(user: SessionUser, parentId: number, dto: ReplyBody, file?: Express.Multer.File, poster?: Express.Multer.File): Promise<Post> {
    assertActor(user, dto);
    const text = cleanPostText(dto.content, postLimitOf(user));
    if (!text && !file) throw new BadRequestException(MESSAGES.post.replyEmpty);
    if (poster && !file) throw new BadRequestException(MESSAGES.http.posterNeedsVideo);
    const alt = altTextOf(dto.alt);
    if (alt && !file) throw altNeedsMedia();

    const stored: StoredMedia | undefined = file ? await this.media.accept(file, user.id, POST_KINDS, 'post', poster) : undefined;
    let id: number;
    try {
      if (alt && !takesAltText(stored?.mime)) throw altNeedsMedia();
      // A post the replier may not see (a suspended author's; a block is the route's BlockRule) is missing to them.
      const unseen = await this.feed.unseenBy(user);
      id = await this.posts.transaction(async (trx) => {
        const parent = await this.posts.countReply(trx, parentId);
        if (!parent || unseen.has(parent.user_id)) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
        const facts = await this.factsOf(trx, text);
        const reply = await this.posts.insert(trx, {
          user_id: user.id, parent_id: parentId, content: text || MESSAGES.post.mediaPlaceholder, category: parent.category,
          media_id: stored?.id ?? null, media_url: stored?.url ?? null, media_alt: alt, gif_url: null, ...facts,
        });
        // The parent's author is alerted; the alert points at the reply, so deleting it withdraws exactly this one.
        await this.alerts.raiseOnReply(trx, user, parentId, reply.id);
        await this.alerts.raiseOnMentions(trx, user, reply.id, facts.mention_ids);
        this.events.add(trx, 'post.created', { postId: reply.id, authorId: user.id, parentId, category: parent.category as FeedCategory, createdAt: reply.created_at.toISOString() });
        this.events.add(trx, 'post.reacted', { postId: parentId, replies: parent.count, version: parent.version });
        return reply.id;
      });
    } catch (error) {
      await this.media.release([stored]); // no reply: the upload must not stay behind
      throw error;
    }
    return this.feed.post(id, user);
  }

  /**
   * Own posts within the plan's edit window; the old text goes to post_edits. `alt` replaces the
   * upload's description (null or blank removes it; absent keeps it).
   */
  async edit(user: SessionUser, postId: number, dto: EditPostBody): Promise<{ success: true; post: Post }> {
    assertActor(user, dto);
    const text = cleanPostText(dto.content, postLimitOf(user));
    if (!text) throw new BadRequestException(MESSAGES.post.editEmpty);
    const alt = dto.alt === undefined ? undefined : altTextOf(dto.alt);
    await this.posts.transaction(async (trx) => {
      const post = await this.posts.lock(trx, postId);
      if (!post) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      if (post.user_id !== user.id) throw new ForbiddenException(MESSAGES.post.onlyAuthorEdits);
      if (editWindowMinutes(user.group_id) === 0) throw new ForbiddenException(MESSAGES.post.planCannotEdit);
      if (!canEditWithinWindow(user.group_id, post.created_at)) throw new ForbiddenException(MESSAGES.post.editWindowClosed);
      if (alt && !takesAltText(await this.posts.mediaMime(trx, postId))) throw altNeedsMedia();
      const facts = await this.factsOf(trx, text);
      await this.posts.applyEdit(trx, postId, post.content, text, facts, alt);
      await this.alerts.mentionsEdited(trx, user, postId, facts.mention_ids);
      this.events.add(trx, 'post.changed', { postId });
    });
    return { success: true, post: await this.feed.post(postId, user) };
  }

  /**
   * The author or groups 1–2. Replies, likes, reposts, alerts, boosts and edits cascade; the
   * parent's reply count drops in the same transaction; files go after the commit.
   */
  remove(user: SessionUser, postId: number): Promise<{ success: true }> {
    return this.removeTree(postId, (post) => {
      if (!canDeletePost({ id: user.id, group_id: user.group_id }, post.user_id)) throw new ForbiddenException(MESSAGES.post.deleteNotAllowed);
    });
  }

  /** Staff acting on a report (the moderation module has checked they may act on the author). */
  removeReported(postId: number): Promise<{ success: true }> {
    return this.removeTree(postId, () => undefined);
  }

  private async removeTree(postId: number, assertAllowed: (post: LockedPost) => void): Promise<{ success: true }> {
    const files = await this.posts.transaction(async (trx) => {
      const post = await this.posts.lock(trx, postId);
      if (!post) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      assertAllowed(post);
      const media = await this.posts.treeFiles(trx, postId);
      const parentId = post.parent_id;
      if (parentId !== null) {
        const parent = await this.posts.uncountReply(trx, parentId);
        if (parent) this.events.add(trx, 'post.reacted', { postId: parentId, replies: parent.count, version: parent.version });
      }
      await this.alerts.withdrawForPostTree(trx, postId);
      await this.posts.delete(trx, postId);
      this.events.add(trx, 'post.deleted', { postId, parentId: post.parent_id });
      return media;
    });
    await this.media.removeUnused(files);
    return { success: true };
  }
}
