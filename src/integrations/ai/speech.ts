import type { OutboundClient } from '../http/client';
import { type AiAnswer, type AiCall, AiProviderError, joinUrl } from './call';

// Text to speech (OpenAI's audio speech, tts-1 unless the block names a
// model). The reference uploads the MP3 to its bucket and stores the URL;
// Parley answers it as a data: URL, which audio bubbles play as it is.

const DEFAULT_MODEL = 'tts-1';

export async function speak(outbound: OutboundClient, call: AiCall, signal?: AbortSignal): Promise<AiAnswer> {
  const azure = call.apiVersion !== undefined && call.apiVersion !== '';
  const response = await outbound.download({
    url: joinUrl(call.baseUrl, 'audio/speech', azure ? { 'api-version': call.apiVersion! } : undefined),
    method: 'POST',
    headers: { Authorization: `Bearer ${call.apiKey}`, 'api-key': call.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: call.model || DEFAULT_MODEL,
      input: call.input ?? '',
      voice: call.voice,
      ...(call.instructions ? { instructions: call.instructions } : {}),
    }),
    signal,
  });
  if (response.status < 200 || response.status >= 300) {
    const body = response.bytes.toString('utf8');
    let message = `HTTP ${response.status}`;
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === 'string') message = parsed.error.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new AiProviderError(message, response.status, body.slice(0, 1000));
  }
  const type = response.headers['content-type']?.split(';')[0] || 'audio/mpeg';
  return { text: `data:${type};base64,${response.bytes.toString('base64')}`, usage: {} };
}
