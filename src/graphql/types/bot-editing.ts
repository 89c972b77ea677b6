import { parseSessionKey } from '../../services/editor-presence';
import { isDraftEvent, type DraftEvent, type EditorsEvent } from '../../services/live/events';
import { builder } from '../builder';
import { botLiveStream, LIVE_STREAM_BOUNDS, unlessAccessLost, type ACCESS_LOST } from '../live-access';
import { DraftChangedRef } from './draft-changes';
import { callersTab, EditorsChangedRef } from './editor-presence';

// What an open editor tab follows, on one stream: a browser keeps only about
// six connections per server over HTTP/1.1, and an editor that held one for
// the draft and one for presence would, with a few tabs open, leave none for
// ordinary requests.

const BotEditingRef = builder.objectRef<DraftEvent | EditorsEvent>('BotEditing').implement({
  description: 'One of: a save of the draft (`draftChanged`), or a change of who edits it (`editorsChanged`).',
  fields: (t) => ({
    draftChanged: t.field({
      type: DraftChangedRef,
      nullable: true,
      resolve: (event) => (isDraftEvent(event) ? event : null),
    }),
    editorsChanged: t.field({
      type: EditorsChangedRef,
      nullable: true,
      resolve: (event) => (isDraftEvent(event) ? null : event),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  botEditing: t.field({
    type: BotEditingRef,
    description: `\`draftChanged\` and \`editorsChanged\` on one stream, for an editor tab (\`sessionKey\`: its own presence changes are left out; the caller's own saves come with their clientKey, other users' with none). Same access rules: any member of the bot's workspace, checked again as events come; a caller who lost access gets NOT_FOUND, then the end of the stream. ${LIVE_STREAM_BOUNDS}`,
    args: {
      botId: t.arg.id({ required: true }),
      sessionKey: t.arg.string({ required: true, description: "The subscribing editor tab (as editingBot's)." }),
    },
    subscribe: (_root, args, ctx) => {
      const botId = String(args.botId);
      const sessionKey = parseSessionKey(args.sessionKey);
      return botLiveStream(ctx, botId, (live) => live.subscribeEditing(botId, callersTab(ctx, sessionKey)));
    },
    resolve: (event: DraftEvent | EditorsEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
}));
