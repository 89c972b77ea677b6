import { messagingAppOf } from '../../../../src/services/channels/bot-selection';

// Where a published bot names its channel connection: Parley's
// `settings.messagingApp`, or a Typebot export's `settings.whatsApp` with the
// id beside the settings (docs/channels.md#which-bot-answers).

describe('messagingAppOf', () => {
  test("a Typebot export: the switch in settings.whatsApp, the id at the bot's top level", () => {
    const bot = {
      settings: { whatsApp: { isEnabled: true, startCondition: null, sessionExpiryTimeout: 12 } },
      whatsAppCredentialsId: 'cred-export',
    };
    expect(messagingAppOf(bot)).toEqual({ isEnabled: true, credentialsId: 'cred-export', sessionExpiryTimeout: 12 });
  });

  test('settings.messagingApp is read before settings.whatsApp, and its credentialsId before the top-level one', () => {
    const bot = {
      settings: {
        messagingApp: { isEnabled: true, credentialsId: 'cred-settings' },
        whatsApp: { isEnabled: false, credentialsId: 'cred-whatsapp' },
      },
      whatsAppCredentialsId: 'cred-export',
    };
    expect(messagingAppOf(bot)).toEqual({ isEnabled: true, credentialsId: 'cred-settings' });
    expect(
      messagingAppOf({ settings: { messagingApp: { isEnabled: true } }, whatsAppCredentialsId: 'cred-export' }),
    ).toEqual({ isEnabled: true, credentialsId: 'cred-export' });
  });

  test('no settings and no id: nothing connected', () => {
    expect(messagingAppOf({ settings: {} })).toEqual({});
    expect(messagingAppOf({ settings: { messagingApp: 'on' } })).toEqual({});
  });

  test('a field of the wrong type reads as unset, the others still apply', () => {
    const bot = {
      settings: {
        messagingApp: {
          isEnabled: 'yes',
          credentialsId: 'cred-1',
          sessionExpiryTimeout: '4',
          startCondition: { logicalOperator: 'OR', comparisons: [{ comparisonOperator: 'Equal to', value: 42 }] },
        },
      },
    };
    expect(messagingAppOf(bot)).toEqual({
      credentialsId: 'cred-1',
      startCondition: { logicalOperator: 'OR', comparisons: [{ comparisonOperator: 'Equal to', value: '42' }] },
    });
  });
});
