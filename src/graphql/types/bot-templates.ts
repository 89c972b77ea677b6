import { botTemplates, type BotTemplate } from '../../services/bot-templates';
import { builder } from '../builder';

const BotTemplateRef = builder.objectRef<BotTemplate>('BotTemplate').implement({
  description: 'A starter bot: a definition to pass to createBot as it is, or to adapt first.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { description: 'What the bot does, in one line.' }),
    definition: t.field({
      type: 'JSON',
      description: 'A Typebot v6.1 definition (groups, edges, variables, events, theme, settings).',
      resolve: (template) => template.definition,
    }),
  }),
});

builder.queryFields((t) => ({
  botTemplates: t.field({
    type: [BotTemplateRef],
    description: "The starters of the console's New bot gallery, in its order.",
    authScopes: { authenticated: true },
    resolve: () => [...botTemplates],
  }),
}));
