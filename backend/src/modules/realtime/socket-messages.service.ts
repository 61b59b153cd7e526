import { Injectable } from '@nestjs/common';
import type { ClientToServerEvents } from '@cloud9/contracts';

/** What a socket may send besides `page:visible` (which the gateway keeps itself). */
export type SocketMessageName = Exclude<keyof ClientToServerEvents, 'page:visible'>;

/** A module's handling of one socket message: the sender's id and the payload as sent (unvalidated). */
export type SocketMessageHandler = (userId: number, payload: unknown) => Promise<void>;

/**
 * The handlers of what sockets send, registered by the modules that own them (direct messages' typing
 * marks), so that the gateway depends on none of those modules. A message nobody handles is ignored.
 */
@Injectable()
export class SocketMessages {
  private readonly handlers = new Map<SocketMessageName, SocketMessageHandler>();

  handle(name: SocketMessageName, handler: SocketMessageHandler): void {
    this.handlers.set(name, handler);
  }

  registered(): [SocketMessageName, SocketMessageHandler][] {
    return [...this.handlers];
  }
}
