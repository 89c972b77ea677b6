import type { OutboundClient } from '../http/client';
import { type AiAnswer, type AiCall, AiProviderError, joinUrl, providerError } from './call';

// Speech to text (OpenAI's audio transcriptions): the audio file is
// downloaded through the outbound guard, then posted as multipart form data
// with the model (whisper-1 unless the block names one).

const DEFAULT_MODEL = 'whisper-1';

/** A file name the API accepts: the URL's own when it has an extension, else one from the content type. */
function fileName(url: string, contentType: string | undefined): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  if (/\.[a-z0-9]{2,5}$/i.test(last)) return last;
  const extension = contentType?.split('/')[1]?.split(';')[0]?.replace('mpeg', 'mp3').replace('x-wav', 'wav') ?? 'webm';
  return `audio.${extension}`;
}

export async function transcribe(outbound: OutboundClient, call: AiCall, signal?: AbortSignal): Promise<AiAnswer> {
  const audioUrl = call.audioUrl ?? '';
  const audio = await outbound.download({ url: audioUrl, method: 'GET', headers: {}, signal });
  if (audio.status < 200 || audio.status >= 300)
    throw new AiProviderError(`Could not download the audio file (HTTP ${audio.status})`, audio.status);
  const contentType = audio.headers['content-type'];
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(audio.bytes)], contentType ? { type: contentType } : {}),
    fileName(audioUrl, contentType),
  );
  form.append('model', call.model || DEFAULT_MODEL);
  if (call.prompt) form.append('prompt', call.prompt);
  // The platform's own encoder writes the multipart body and its boundary.
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  const azure = call.apiVersion !== undefined && call.apiVersion !== '';
  const response = await outbound.request({
    url: joinUrl(call.baseUrl, 'audio/transcriptions', azure ? { 'api-version': call.apiVersion! } : undefined),
    method: 'POST',
    headers: {
      Authorization: `Bearer ${call.apiKey}`,
      'api-key': call.apiKey,
      'Content-Type': encoded.headers.get('content-type')!,
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
    signal,
  });
  if (response.status < 200 || response.status >= 300) throw providerError(response.status, response.body);
  let text: unknown;
  try {
    text = (JSON.parse(response.body) as { text?: unknown }).text;
  } catch {
    throw new AiProviderError('The AI provider did not answer JSON', response.status, response.body.slice(0, 1000));
  }
  return { text: typeof text === 'string' ? text : '', usage: {} };
}
