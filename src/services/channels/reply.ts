// An inbound message as the chat use cases' reply, the same for every channel.
import type { ReplyMessage } from '../../engine/wire';
import type { InboundMessage, SentChoices } from './channel';
import { numberedReply, sentChoice } from './numbered-choices';

/**
 * Text as it is (numbers answering a numbered list become the items' contents);
 * a chosen button as the item content it stands for, its id given for the
 * engine's matching; a location as "lat, long". Media need the stored file's
 * address first (the processor answers them with `mediaReply`); a restart or
 * an unsupported message answers nothing.
 */
export function toReply(message: InboundMessage, choices: SentChoices): ReplyMessage | undefined {
  const content = message.content;
  switch (content.type) {
    case 'text':
      return { type: 'text', text: numberedReply(content.text, choices) ?? content.text };
    case 'reply':
      return {
        type: 'text',
        text: sentChoice(choices, content.id) ?? content.title,
        metadata: { replyId: content.id },
      };
    case 'location':
      return { type: 'text', text: `${content.latitude}, ${content.longitude}` };
    default:
      return undefined;
  }
}

/** The reply for a received file, once stored at `url`. */
export function mediaReply(url: string): ReplyMessage {
  return { type: 'text', text: url, attachedFileUrls: [url] };
}
