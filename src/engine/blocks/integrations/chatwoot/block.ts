import type { z } from 'zod';
import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import { clientScript } from '../../logic/code/block';
import definition from './definition';

// Chatwoot: the client opens (or closes) a Chatwoot live-chat widget. The
// action carries a script in the Code block's convention (variables as
// arguments); the client runs it.

const DEFAULT_BASE_URL = 'https://app.chatwoot.com';

const options = optionsSchema({
  task: opt.string({ title: 'Task' }),
  baseUrl: opt.string({ title: 'Base URL' }),
  websiteToken: opt.string({ title: 'Website token' }),
  user: opt.object(
    {
      id: opt.string({ title: 'ID' }),
      email: opt.string({ title: 'E-mail' }),
      name: opt.string({ title: 'Name' }),
      avatarUrl: opt.string({ title: 'Avatar URL' }),
      phoneNumber: opt.string({ title: 'Phone number' }),
    },
    { title: 'Identify the user' },
  ),
});

type ChatwootOptions = z.output<typeof options>;
type User = NonNullable<ChatwootOptions['user']>;

/** Fields are JavaScript expressions over the variables ({{Email}} becomes the variable's argument), or undefined. */
const expression = (value: string | undefined) => (value ? value : 'undefined');

function identifyUser(user: User | undefined, resultId: string): string {
  if (!user?.email && !user?.id) return '';
  return `
window.$chatwoot.setUser(${user.id || user.email || JSON.stringify(resultId)}, {
  email: ${expression(user.email)},
  name: ${expression(user.name)},
  avatar_url: ${expression(user.avatarUrl)},
  phone_number: ${expression(user.phoneNumber)},
});`;
}

function openScript(settings: ChatwootOptions, resultId: string, botId: string): string {
  const open = `${identifyUser(settings.user, resultId)}
if (window.Typebot?.unmount) window.Typebot.unmount();
if (window.Parley?.unmount) window.Parley.unmount();
window.$chatwoot.setCustomAttributes({ parley_result: ${JSON.stringify(`${botId}/${resultId}`)} });
window.$chatwoot.toggle("open");`;
  return `
window.addEventListener("chatwoot:error", function (error) { console.log(error); });
if (window.$chatwoot) {${open}
} else {
  var baseUrl = ${JSON.stringify(settings.baseUrl || DEFAULT_BASE_URL)};
  var sdk = document.createElement("script");
  sdk.src = baseUrl + "/packs/js/sdk.js";
  sdk.defer = true;
  sdk.async = true;
  document.head.appendChild(sdk);
  sdk.onload = function () {
    window.chatwootSDK.run({ websiteToken: ${JSON.stringify(settings.websiteToken ?? '')}, baseUrl: baseUrl });
    window.addEventListener("chatwoot:ready", function () {${open}
    });
  };
}`;
}

const CLOSE_SCRIPT = `
if (window.$chatwoot) {
  window.$chatwoot.toggle("close");
  window.$chatwoot.toggleBubbleVisibility("hide");
}`;

export const chatwootBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  options,
  execute(block, ctx) {
    const settings = readOptions(options, block);
    const resultId = ctx.entry.resultId;
    const code =
      settings.task === 'Close widget' ? CLOSE_SCRIPT : resultId ? openScript(settings, resultId, ctx.bot.id) : '';
    ctx.action({ type: 'chatwoot', chatwoot: { scriptToExecute: clientScript(code, ctx.variables.list()) } });
    if (code === '') ctx.log({ status: 'info', description: 'Chatwoot block is not supported in preview' });
    return { kind: 'next' };
  },
};

export default chatwootBlock;
