import { chatOrigin } from './api/client';

// The console loads no image from an address a bot author chose (avatars,
// background images, image bubbles): the request would tell them who opened
// the console and from where, whenever they like. It loads only images drawn
// inline and those Parley serves itself (images uploaded to Parley are on the
// chat origin, under /v1/files/); the others show as a placeholder and their
// address as text, and for real in the chat origin's frames (the Test tab) and
// on the chat page. The console's Content-Security-Policy (img-src) says the same.

/** Whether the console may load this image itself: inline, or from this server's own origins. */
export function isParleyImage(url: string): boolean {
  if (/^data:image\//i.test(url)) return true;
  try {
    const { origin } = new URL(url, location.href);
    return origin === location.origin || origin === chatOrigin();
  } catch {
    return false;
  }
}

const svg = (source: string) => `data:image/svg+xml,${encodeURIComponent(source)}`;

/** An avatar's stand-in: a picture glyph on grey (the chat client rounds it). */
export const REMOTE_AVATAR_PLACEHOLDER = svg(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e5e7eb"/><g transform="translate(8 8)" fill="none" stroke="#6b7280" stroke-width="1.8" stroke-linejoin="round"><rect x="2" y="4" width="20" height="16" rx="2"/><circle cx="8.5" cy="9.5" r="1.8"/><path d="M3 18l5.5-5.5 4 4 3-3 5.5 5.5"/></g></svg>',
);

/** A background image's stand-in: faint diagonal stripes (drawn to cover the chat, so no glyph that would sit under a bubble). */
export const REMOTE_BACKGROUND_PLACEHOLDER = svg(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><defs><pattern id="s" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="#eef0f3"/><rect width="4" height="10" fill="#e2e5ea"/></pattern></defs><rect width="200" height="200" fill="url(#s)"/></svg>',
);
