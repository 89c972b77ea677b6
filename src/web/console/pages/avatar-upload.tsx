import { request } from '../api/client';
import { UploadAvatarDocument } from '../api/generated';
import { ErrorNote, useAction } from '../ui';

// "Upload an image" beside an avatar URL field: the file goes to the server
// (uploadBotAsset), which keeps it for the bot on the chat origin and answers
// its URL; the URL then fills the field like a typed one (and so the preview).
// The server checks type, bytes and size again: these checks only spare a
// round trip and say what is wrong sooner.

const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const MAX_BYTES = 1024 * 1024;

/** The file's bytes as base64 (a data: URL without its prefix; FileReader avoids building a huge string by hand). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

async function uploadImage(botId: string, file: File): Promise<string> {
  if (!(TYPES as readonly string[]).includes(file.type))
    throw new Error(`${file.name} is not a PNG, JPEG, GIF or WebP image`);
  if (file.size > MAX_BYTES) throw new Error(`${file.name} is larger than 1 MB`);
  const answer = await request(UploadAvatarDocument, {
    botId,
    fileName: file.name,
    contentType: file.type,
    dataBase64: await base64Of(file),
  });
  return answer.uploadBotAsset.url;
}

export function AvatarUpload({
  botId,
  who,
  onUploaded,
}: {
  botId: string;
  who: string;
  onUploaded: (url: string) => void;
}) {
  const upload = useAction(async (file: File) => onUploaded(await uploadImage(botId, file)));
  return (
    <div className="field avatar-upload">
      <label className="button secondary" aria-disabled={upload.pending}>
        {upload.pending ? 'Uploading…' : 'Upload an image'}
        <input
          type="file"
          accept={TYPES.join(',')}
          className="visually-hidden"
          aria-label={`Upload an image for the ${who} avatar`}
          disabled={upload.pending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload.run(file);
            // The same file chosen again uploads again.
            event.target.value = '';
          }}
        />
      </label>
      <small className="hint">PNG, JPEG, GIF or WebP, up to 1 MB.</small>
      <ErrorNote error={upload.error} />
    </div>
  );
}
