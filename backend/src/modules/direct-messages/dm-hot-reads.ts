import { Injectable, OnModuleInit } from '@nestjs/common';
import { ROUTES } from '@cloud9/contracts';
import { safeParse } from 'zod/v4/core';
import { HotReads, queryBy } from '../../common/hot-reads/hot-reads';
import { limitOf } from '../../common/paging/page-query';
import { DirectMessagesService } from './direct-messages.service';

const { list, unread, messages } = ROUTES.directMessages;
/** The lists' query for the keys of their pages (a member search is left to the full route). */
const hotListQuery = queryBy(list.query, ['filter', 'cursor', 'limit']);
const hotPageQuery = queryBy(messages.query, ['cursor', 'limit']);

/**
 * A member's reads of their conversations on the lighter path (answerHotReads), signed in only: the
 * lists, the unread counts and a conversation's pages, which a member's open screens read the most
 * (DirectMessagesController.list, unread, messages; the same service calls, kept by DmReadCache).
 */
@Injectable()
export class DmHotReads implements OnModuleInit {
  constructor(
    private readonly reads: HotReads,
    private readonly dms: DirectMessagesService,
  ) {}

  onModuleInit(): void {
    this.reads.add({
      path: list.path,
      signedIn: true,
      query: hotListQuery,
      answer: (query, viewer) => this.dms.list(viewer!, query, limitOf(query)),
    });
    this.reads.add({
      path: unread.path,
      signedIn: true,
      query: (raw) => (Object.keys(raw).length ? undefined : {}),
      answer: (_query, viewer) => this.dms.unread(viewer!),
    });
    this.reads.add({
      path: messages.path,
      signedIn: true,
      query: (raw, params) => {
        const query = hotPageQuery(raw);
        const id = safeParse(messages.params, params);
        return query && id.success ? { ...query, id: id.data.id } : undefined;
      },
      answer: (query, viewer) => this.dms.messages(viewer!, query.id, limitOf(query), query.cursor),
    });
  }
}
