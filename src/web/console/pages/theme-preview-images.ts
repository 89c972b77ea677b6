import { avatarsOf } from '../../theme';
import { isParleyImage, REMOTE_AVATAR_PLACEHOLDER, REMOTE_BACKGROUND_PLACEHOLDER } from '../parley-image';
import { isRecord, type Json } from './draft-path';

// The theme preview as the console may draw it: avatars and a background image
// at addresses a bot author chose become placeholders (src/web/console/parley-image.ts),
// listed with their addresses under the preview.

export interface WithheldImage {
  what: string;
  url: string;
}

export interface PreviewImages {
  /** The theme, its background image replaced by a placeholder when remote. */
  theme: Json;
  avatars: { host?: string; guest?: string };
  withheld: WithheldImage[];
}

export function previewImages(theme: Json, version: unknown): PreviewImages {
  const withheld: WithheldImage[] = [];
  const shown = (what: string, url: string | undefined, placeholder: string) => {
    if (url === undefined || isParleyImage(url)) return url;
    withheld.push({ what, url });
    return placeholder;
  };
  const avatars = avatarsOf(theme, version);
  const background = isRecord(theme.general) && isRecord(theme.general.background) ? theme.general.background : {};
  const image =
    background.type === 'Image' && typeof background.content === 'string' && background.content.trim() !== ''
      ? background.content.trim()
      : undefined;
  const content = shown('Background image', image, REMOTE_BACKGROUND_PLACEHOLDER);
  return {
    theme:
      content === image
        ? theme
        : { ...theme, general: { ...(theme.general as Json), background: { ...background, content } } },
    avatars: {
      host: shown('Bot avatar', avatars.host, REMOTE_AVATAR_PLACEHOLDER),
      guest: shown('Visitor avatar', avatars.guest, REMOTE_AVATAR_PLACEHOLDER),
    },
    withheld,
  };
}
