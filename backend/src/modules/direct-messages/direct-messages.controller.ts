import { Controller, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ROUTES, type AddMembersBody, type Conversation, type ConversationsQuery, type DeleteMessageQuery, type DmMessage, type DmReactionBody, type DmReactionCount, type DmSettings,
  type DmSettingsBody, type DmUnread, type NewConversationBody, type NewMessageBody, type Page, type PageQuery, type ReadBody,
} from '@cloud9/contracts';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import type { SessionUser } from '../users/public';
import { DirectMessagesService } from './direct-messages.service';

const DONE = { success: true } as const;

/** Direct messages: the caller is always the session's user, and a member of what they touch (404 otherwise). */
@Controller()
export class DirectMessagesController {
  constructor(private readonly dms: DirectMessagesService) {}

  @Endpoint(ROUTES.directMessages.list)
  @Auth()
  list(@AuthUser() user: SessionUser, @QueryOf() query: ConversationsQuery): Promise<Page<Conversation>> {
    return this.dms.list(user, query, limitOf(query));
  }

  /** 201 for a new conversation; 200 with the one that exists with the same one person. */
  @Endpoint(ROUTES.directMessages.start)
  @Auth()
  async start(@AuthUser() user: SessionUser, @BodyOf() dto: NewConversationBody, @Res({ passthrough: true }) res: Response): Promise<{ id: number }> {
    const { id, created } = await this.dms.start(user, dto.memberIds);
    res.status(created ? 201 : 200);
    return { id };
  }

  // Declared before conversations/:id so 'unread' is never read as an id.
  @Endpoint(ROUTES.directMessages.unread)
  @Auth()
  unread(@AuthUser() user: SessionUser): Promise<DmUnread> {
    return this.dms.unread(user);
  }

  @Endpoint(ROUTES.directMessages.get)
  @Auth()
  get(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<Conversation> {
    return this.dms.get(user, id);
  }

  @Endpoint(ROUTES.directMessages.messages)
  @Auth()
  messages(@AuthUser() user: SessionUser, @Params('id') id: number, @QueryOf() query: PageQuery): Promise<Page<DmMessage>> {
    return this.dms.messages(user, id, limitOf(query), query.cursor);
  }

  @Endpoint(ROUTES.directMessages.send)
  @Auth()
  @RateLimit('dms')
  @UseInterceptors(PlanUpload([{ name: 'file' }]), UploadsRateLimit)
  send(@AuthUser() user: SessionUser, @Params('id') id: number, @BodyOf() dto: NewMessageBody, @Req() req: Request): Promise<DmMessage> {
    return this.dms.send(user, id, dto, uploadedFile(req, 'file'));
  }

  @Endpoint(ROUTES.directMessages.read)
  @Auth()
  async read(@AuthUser() user: SessionUser, @Params('id') id: number, @BodyOf() dto: ReadBody): Promise<typeof DONE> {
    await this.dms.read(user, id, dto.messageId);
    return DONE;
  }

  @Endpoint(ROUTES.directMessages.accept)
  @Auth()
  async accept(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<typeof DONE> {
    await this.dms.accept(user, id);
    return DONE;
  }

  @Endpoint(ROUTES.directMessages.leave)
  @Auth()
  async leave(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<typeof DONE> {
    await this.dms.leave(user, id);
    return DONE;
  }

  @Endpoint(ROUTES.directMessages.addMembers)
  @Auth()
  addMembers(@AuthUser() user: SessionUser, @Params('id') id: number, @BodyOf() dto: AddMembersBody): Promise<Conversation> {
    return this.dms.addMembers(user, id, dto.userIds);
  }

  @Endpoint(ROUTES.directMessages.mute)
  @Auth()
  async mute(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<typeof DONE> {
    await this.dms.setMuted(user, id, true);
    return DONE;
  }

  @Endpoint(ROUTES.directMessages.unmute)
  @Auth()
  async unmute(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<typeof DONE> {
    await this.dms.setMuted(user, id, false);
    return DONE;
  }

  @Endpoint(ROUTES.directMessages.react)
  @Auth()
  @RateLimit('reactions')
  react(@AuthUser() user: SessionUser, @Params('id') id: number, @BodyOf() dto: DmReactionBody): Promise<{ reactions: DmReactionCount[] }> {
    return this.dms.react(user, id, dto.emoji, true);
  }

  @Endpoint(ROUTES.directMessages.unreact)
  @Auth()
  @RateLimit('reactions')
  unreact(@AuthUser() user: SessionUser, @Params('id') id: number, @Params('emoji') emoji: string): Promise<{ reactions: DmReactionCount[] }> {
    return this.dms.react(user, id, emoji, false);
  }

  @Endpoint(ROUTES.directMessages.deleteMessage)
  @Auth()
  async deleteMessage(@AuthUser() user: SessionUser, @Params('id') id: number, @QueryOf() query: DeleteMessageQuery): Promise<typeof DONE> {
    await this.dms.deleteMessage(user, id, query.for ?? 'me');
    return DONE;
  }

  @Endpoint(ROUTES.directMessages.settings)
  @Auth()
  settings(@AuthUser() user: SessionUser): Promise<DmSettings> {
    return this.dms.settingsOf(user);
  }

  @Endpoint(ROUTES.directMessages.setSettings)
  @Auth()
  setSettings(@AuthUser() user: SessionUser, @BodyOf() dto: DmSettingsBody): Promise<DmSettings> {
    return this.dms.saveSettings(user, dto);
  }
}
