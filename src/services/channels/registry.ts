// Every channel by kind: the webhook route and the processor pick theirs here.
import type { Channel, ChannelKind } from './channel';
import { telegramChannel, type TelegramCredentials } from './telegram/channel';
import { whatsAppChannel, type WhatsAppCredentials } from './whatsapp/channel';

export interface ChannelCredentials {
  whatsApp: WhatsAppCredentials;
  telegram: TelegramCredentials;
}

export const CHANNELS: { readonly [Kind in ChannelKind]: Channel<ChannelCredentials[Kind]> } = {
  whatsApp: whatsAppChannel,
  telegram: telegramChannel,
};
