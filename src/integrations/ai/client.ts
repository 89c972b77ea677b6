import type { OutboundClient } from '../http/client';
import { OutboundRefused } from '../http/guard';
import { type AiAnswer, type AiCall, AiProviderError, providerError } from './call';
import { protocolOf, type StreamPart } from './protocols';
import { serverSentEvents } from './server-sent-events';
import { speak } from './speech';
import { transcribe } from './transcription';

// Calls AI providers through the outbound guard (a base URL on a private
// address is refused like any other request), whole or streamed.

export interface AiClient {
  complete(call: AiCall, signal?: AbortSignal): Promise<AiAnswer>;
  /** Text parts as the provider streams them; a refusal or a failure before the first part throws AiProviderError. */
  stream(call: AiCall, signal?: AbortSignal): AsyncGenerator<Omit<StreamPart, 'error'>>;
}

function refusal(error: unknown): never {
  if (error instanceof OutboundRefused) throw new AiProviderError(`Security validation failed: ${error.message}`);
  throw error;
}

export function createAiClient(outbound: OutboundClient): AiClient {
  return {
    async complete(call, signal) {
      if (call.api === 'transcription') return transcribe(outbound, call, signal).catch(refusal);
      if (call.api === 'speech') return speak(outbound, call, signal).catch(refusal);
      const protocol = protocolOf(call);
      const response = await outbound.request({ ...protocol.request(call, false), signal }).catch(refusal);
      if (response.status < 200 || response.status >= 300) throw providerError(response.status, response.body);
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        throw new AiProviderError('The AI provider did not answer JSON', response.status, response.body.slice(0, 1000));
      }
      return protocol.answer(body);
    },
    async *stream(call, signal) {
      const protocol = protocolOf(call);
      const response = await outbound.stream({ ...protocol.request(call, true), signal }).catch(refusal);
      if (response.status < 200 || response.status >= 300) {
        const chunks: Buffer[] = [];
        for await (const chunk of response.body) chunks.push(chunk);
        throw providerError(response.status, Buffer.concat(chunks).toString('utf8'));
      }
      for await (const event of serverSentEvents(response.body)) {
        const part = protocol.part(event);
        if (part === 'done') return;
        if (part.error !== undefined) throw new AiProviderError(part.error);
        if (part.text !== undefined || part.responseId !== undefined) yield part;
      }
    },
  };
}
