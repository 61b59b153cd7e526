import type { Conversation, DmMember } from '@cloud9/contracts';

export const displayName = (member: Pick<DmMember, 'name' | 'username'>) => member.name || member.username;

/** The members besides the viewer (all of them if the viewer is not listed). */
export const othersOf = (conversation: Conversation, viewerId: number | null) => {
  const others = conversation.members.filter((m) => m.id !== viewerId);
  return others.length > 0 ? others : conversation.members;
};

/** A conversation's name: the other members' names. */
export const conversationTitle = (conversation: Conversation, viewerId: number | null) => othersOf(conversation, viewerId).map(displayName).join(', ');
