import { Injectable } from '@nestjs/common';
import type { UserSuggestion } from '@cloud9/contracts';
import { UsersRepository } from './users.repository';

/** The first string after every string that starts with `prefix` (ASCII, compared byte-wise). */
export const afterPrefix = (prefix: string): string => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** The composers' `@` autocomplete: accounts by the start of their username (the DTO has checked the prefix). */
@Injectable()
export class UsernameSuggestionsService {
  constructor(private readonly users: UsersRepository) {}

  /** Best first: the exact name, accounts the viewer follows, shorter names; never the viewer. */
  suggest(prefix: string, viewerId: number): Promise<UserSuggestion[]> {
    const lower = prefix.toLowerCase();
    return this.users.suggestByPrefix(lower, afterPrefix(lower), viewerId);
  }
}
