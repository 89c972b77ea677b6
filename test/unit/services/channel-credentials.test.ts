import { credentialSchemas } from '../../../src/services/credentials/types';

const whatsApp = { phoneNumberId: '1055', businessAccountId: '2077', accessToken: 'EAAG…', appSecret: 's3cret' };

describe('messaging channel credentials', () => {
  it('whatsApp: Parley makes the verify token when none is given, a different one each time', () => {
    const first = credentialSchemas.whatsApp.parse(whatsApp);
    const second = credentialSchemas.whatsApp.parse(whatsApp);
    expect(first).toMatchObject(whatsApp);
    expect(first.verifyToken).toMatch(/^[\w-]{32}$/);
    expect(second.verifyToken).not.toBe(first.verifyToken);
    expect(credentialSchemas.whatsApp.parse({ ...whatsApp, verifyToken: 'chosen-by-the-builder' }).verifyToken).toBe(
      'chosen-by-the-builder',
    );
  });

  it('whatsApp: every field Meta gives is required', () => {
    const result = credentialSchemas.whatsApp.safeParse({ ...whatsApp, appSecret: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['appSecret']]);
  });

  it("telegram: BotFather's token shape, and a secret token usable in X-Telegram-Bot-Api-Secret-Token", () => {
    const parsed = credentialSchemas.telegram.parse({ botToken: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' });
    expect(parsed.secretToken).toMatch(/^[\w-]{16,256}$/);
    expect(credentialSchemas.telegram.safeParse({ botToken: 'not a token' }).success).toBe(false);
    expect(
      credentialSchemas.telegram.safeParse({ botToken: '1:AAHdqTcvCH1vGWJxfSeofSAs0K5P', secretToken: 'a b' }).success,
    ).toBe(false);
  });
});
