import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'date input',
  label: 'Date input',
  category: 'inputs',
  order: 6,
  replyHint:
    'A reply is a date as a person writes it: "2024-01-31", "31/01/2024" (day first; month first, "01/31/2024", only when options.format does not start with "dd"), "31 January 2024", "tomorrow"; with options.hasTime, "2024-01-31 14:30"; with options.isRange, two dates: "2024-01-31 to 2024-02-03". The answer is written in options.format (default dd/MM/yyyy).',
  icon: 'Calendar',
});
