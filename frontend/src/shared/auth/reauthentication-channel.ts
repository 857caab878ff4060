/**
 * How the window that re-authenticated through an identity provider hands its outcome to the form
 * that asked (docs/security.md, "Re-authentication"): the provider's round trip ends on
 * `/reauthenticated#proof=…` (or `#error=<reason>`) in a window of its own. That window is not
 * the form's opener any more (the app's Cross-Origin-Opener-Policy severs the link once it has
 * been at the provider), so the two talk over a same-origin BroadcastChannel.
 */
export const REAUTHENTICATION_CHANNEL = 'duty-manager-reauthentication';

export type ReauthenticationMessage = { proof: string } | { error: string };

export function isReauthenticationMessage(data: unknown): data is ReauthenticationMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return typeof message.proof === 'string' || typeof message.error === 'string';
}
