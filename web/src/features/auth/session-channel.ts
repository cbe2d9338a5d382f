/**
 * The app's tabs tell each other when a session ends (issue 22 item 9): a logout, an account deletion or a session
 * the server refused in one tab ends it in the others at once, so none of them keeps showing, or writing back to
 * the device, the data of a user who has left. Firebase also tells other tabs of a sign-out (the auth provider's
 * listener acts on it), but only when it next reads its storage; this does not wait, and does not depend on it.
 */

/** Its name is the app's; only pages of the same origin hear it. */
const CHANNEL_NAME = 'snapnotes-session';
const SESSION_ENDED = 'session-ended';

export interface SessionChannel {
  /** Tells the other tabs that the session ended here. */
  announceEnd(): void;
  close(): void;
}

/** Listens for a session ended in another tab; a browser without BroadcastChannel gets a channel that does nothing. */
export function openSessionChannel(onEndedElsewhere: () => void): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return { announceEnd: () => {}, close: () => {} };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  // A channel never hears its own messages: this tab's announcement reaches only the others.
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (data !== null && typeof data === 'object' && (data as { type?: unknown }).type === SESSION_ENDED) {
      onEndedElsewhere();
    }
  };
  return {
    announceEnd: () => channel.postMessage({ type: SESSION_ENDED }),
    close: () => channel.close(),
  };
}
