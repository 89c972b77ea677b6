import type { LogicHandler, Outcome } from '../../handler';
import { opt, optionsSchema, readOptions } from '../../options';
import { jsonOrText } from '../../../json';
import { notConfigured } from '../not-configured';
import definition from './definition';

// Cal.com forge block ("Book event", no credentials): a custom embed the
// client mounts (Cal.com's booking widget, loaded from the event's host) and
// waits on; the client replies with the booked date when the booking
// succeeds, stored in the chosen variable (docs/engine-behaviour.md#dedicated-replies).

const options = optionsSchema({
  action: opt.string({ title: 'Action' }),
  baseUrl: opt.string({ title: 'Base URL' }),
  link: opt.string({ title: 'Event link' }),
  layout: opt.string({ title: 'Layout' }),
  name: opt.string({ title: 'Name' }),
  email: opt.string({ title: 'E-mail' }),
  phone: opt.string({ title: 'Phone' }),
  additionalNotes: opt.string({ title: 'Additional notes' }),
  anyPrefilledInformations: opt.objectList(
    { questionId: opt.string({ title: 'Question' }), value: opt.string({ title: 'Value' }) },
    { title: 'Prefilled answers' },
  ),
  saveBookedDateInVariableId: opt.variable('Save the booked date in'),
});

const DEFAULT_BASE_URL = 'https://app.cal.com';
const LAYOUTS: Record<string, string> = { Weekly: 'week_view', Columns: 'column_view' };

// The client runs these with `typebotElement` (where to mount) and, while
// waiting, `continueFlow(data)`; the names are the embed libraries' contract.
const MOUNT_WIDGET = `
const queue = [];
window.Cal = window.Cal || Object.assign(function () { queue.push(arguments); }, { q: queue, ns: {} });
if (!window.Cal.loaded) {
  window.Cal.loaded = true;
  const script = document.createElement('script');
  script.src = baseUrl + '/embed/embed.js';
  document.head.appendChild(script);
}
window.Cal('init', { origin: baseUrl });
window.Cal('inline', {
  elementOrSelector: typebotElement,
  calLink: link,
  layout,
  config: Object.assign(
    { name: name || undefined, email: email || undefined, notes: additionalNotes || undefined,
      location: phone ? JSON.stringify({ value: 'phone', optionValue: phone }) : undefined },
    otherPrefilledInformations || {}
  )
});
window.Cal('ui', { hideEventTypeDetails: false, layout });`;

const WAIT_FOR_BOOKING = `
const booked = (event) => {
  window.Cal('off', { action: 'bookingSuccessful', callback: booked });
  continueFlow(event.detail.data.date);
};
window.Cal('on', { action: 'bookingSuccessful', callback: booked });`;

export const calComBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  options,
  async execute(block, ctx): Promise<Outcome> {
    const read = await ctx.deep(readOptions(options, block));
    if (read.action !== 'Book event' || !read.link) {
      ctx.log(notConfigured('cal-com'));
      return { kind: 'next' };
    }
    // The widget takes the event's path; a full link is cut to it.
    const link = read.link.startsWith('http') ? read.link.replace(/^https?:\/\/[^/]+\//, '') : read.link;
    const prefilled = Object.fromEntries(
      read.anyPrefilledInformations
        .filter((row) => row.questionId && row.value)
        .map((row) => [row.questionId!, row.value!]),
    );
    ctx.message({
      id: block.id,
      type: 'custom-embed',
      content: {
        url: read.link,
        initFunction: {
          args: {
            baseUrl: read.baseUrl || DEFAULT_BASE_URL,
            link,
            name: read.name || null,
            email: read.email || null,
            layout: LAYOUTS[read.layout ?? ''] ?? 'month_view',
            phone: read.phone || null,
            additionalNotes: read.additionalNotes || null,
            otherPrefilledInformations: Object.keys(prefilled).length > 0 ? prefilled : null,
          },
          content: MOUNT_WIDGET,
        },
        waitForEventFunction: { args: {}, content: WAIT_FOR_BOOKING },
      },
    });
    return { kind: 'await-reply' };
  },
  onReply(block, reply, ctx): Outcome {
    if (reply?.type === 'text')
      ctx.variables.set(readOptions(options, block).saveBookedDateInVariableId, jsonOrText(reply.text));
    return { kind: 'next' };
  },
};

export default calComBlock;
