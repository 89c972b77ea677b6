import { startFakeTelegramApi, type FakeTelegramApi } from './fake-telegram-api';
import { startFakeWhatsAppApi, type FakeWhatsAppApi } from './fake-whatsapp-api';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

/** A test server whose channels talk to local stand-ins of WhatsApp's and Telegram's APIs. */
export interface ChannelTestServer {
  server: TestServer;
  whatsApp: FakeWhatsAppApi;
  telegram: FakeTelegramApi;
  close(): Promise<void>;
}

/** Both providers' stand-ins (allow-listed on loopback), then a server pointed at them with `options` on top. */
export async function startChannelTestServer(options: TestServerOptions = {}): Promise<ChannelTestServer> {
  const whatsApp = await startFakeWhatsAppApi();
  const telegram = await startFakeTelegramApi();
  const server = await startTestServer({
    outboundAllow: '127.0.0.1',
    ...options,
    channels: { whatsAppApiUrl: whatsApp.baseUrl, telegramApiUrl: telegram.baseUrl, ...options.channels },
  }).catch(async (error: unknown) => {
    await Promise.all([whatsApp.close(), telegram.close()]);
    throw error;
  });
  return {
    server,
    whatsApp,
    telegram,
    close: async () => {
      await server.close();
      await Promise.all([whatsApp.close(), telegram.close()]);
    },
  };
}
