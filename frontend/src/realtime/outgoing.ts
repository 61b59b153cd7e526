/**
 * What this tab sends the server over the socket besides its visibility: typing marks. The tab that
 * holds the socket (the leader, or a tab on its own) sends them itself; another tab relays them to
 * the leader through the channel (shared.ts). Nothing is sent while neither is there: a typing mark
 * is worth nothing later. Kept apart from the connection, so a screen can send without loading it.
 */
type TypingSender = (conversationId: number) => void;

let socketSender: TypingSender | null = null;
let relaySender: TypingSender | null = null;

const setter = (set: (sender: TypingSender | null) => void, get: () => TypingSender | null) => (sender: TypingSender) => {
  set(sender);
  return () => {
    if (get() === sender) set(null);
  };
};

/** This tab's socket sends typing marks from now on (connection.ts); answers the removal. */
export const setSocketTypingSender = setter(
  (sender) => (socketSender = sender),
  () => socketSender,
);

/** This tab relays typing marks to the leader tab from now on (shared.ts); answers the removal. */
export const setRelayTypingSender = setter(
  (sender) => (relaySender = sender),
  () => relaySender,
);

/** Over this tab's own socket only: what the leader does with a mark another tab relayed. */
export const sendTypingOverSocket = (conversationId: number) => socketSender?.(conversationId);

/** The member is typing in conversation `conversationId`: `dm:typing` to the server (the caller throttles). */
export function sendTyping(conversationId: number): void {
  (socketSender ?? relaySender)?.(conversationId);
}
