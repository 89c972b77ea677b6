// The shapes a text or number field may be held to (a colour, a CSS length, a
// web address, a number within bounds) and the words that say what is wrong.
// One module for the server (the problems of a draft, the refusal on save) and
// the console's forms (the error at the field as it is typed), so both say the
// same thing. Imports nothing: the console bundle takes it as it is.

/** What a field's value must look like (the `x-parley-shape` keyword of a block's JSON Schema). */
export type ValueShape = 'color' | 'length' | 'url' | 'number' | 'integer';

export interface ShapeRule {
  shape: ValueShape;
  /** Numbers: the least and the greatest value allowed. */
  minimum?: number;
  maximum?: number;
}

/** A `{{variable}}` anywhere: the engine resolves it when the chat runs, so its shape is known only then. */
const MENTION = /\{\{[^{}]+\}\}/;

export function mentionsVariable(value: string): boolean {
  return MENTION.test(value);
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_FUNCTION = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(\s*[^()]*\)$/i;
/** CSS named colours (CSS Color 4) and the keywords a colour property takes. */
const COLOR_NAMES = new Set(
  (
    'transparent currentcolor aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue ' +
    'darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

export function isColor(text: string): boolean {
  const value = text.trim();
  return HEX.test(value) || COLOR_FUNCTION.test(value) || COLOR_NAMES.has(value.toLowerCase());
}

const LENGTH = /^(?:\d+(?:\.\d+)?|\.\d+)(?:px|%|r?em|ex|ch|lh|[ds]?v[hw]|l?v[hw]|vmin|vmax|cm|mm|in|pt|pc|q)$/i;
const LENGTH_KEYWORDS = new Set(['0', 'auto', 'none', 'fit-content', 'max-content', 'min-content']);
const LENGTH_FUNCTION = /^(?:calc|min|max|clamp)\(.+\)$/i;

/** A CSS length of a size (never negative): 400px, 100%, 32rem, auto, calc(…). */
export function isLength(text: string): boolean {
  const value = text.trim();
  return LENGTH.test(value) || LENGTH_KEYWORDS.has(value.toLowerCase()) || LENGTH_FUNCTION.test(value);
}

/** An address a browser loads: http(s), or an inline data: picture. */
export function isWebAddress(text: string): boolean {
  const value = text.trim();
  if (/^data:image\//i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A number as authors write it in a text field ("5", "1.5"); NaN otherwise. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

/**
 * Why `value` does not have the field's shape, in words; undefined when it has
 * it. Absent values (undefined, null, "") and `{{variable}}` mentions always
 * have it: the first read as the default, the second resolve at run time.
 */
export function shapeProblem(rule: ShapeRule, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && mentionsVariable(value)) return undefined;
  switch (rule.shape) {
    case 'color':
      return typeof value === 'string' && isColor(value)
        ? undefined
        : 'Must be a colour such as #2563eb, rgb(37 99 235) or white';
    case 'length':
      return typeof value === 'string' && isLength(value)
        ? undefined
        : 'Must be a CSS length such as 400px, 100% or 32rem';
    case 'url':
      return typeof value === 'string' && isWebAddress(value)
        ? undefined
        : 'Must be a web address starting with https://';
    case 'number':
    case 'integer': {
      const number = numberOf(value);
      if (!Number.isFinite(number)) return rule.shape === 'integer' ? 'Must be a whole number' : 'Must be a number';
      if (rule.shape === 'integer' && !Number.isInteger(number)) return 'Must be a whole number';
      if (rule.minimum !== undefined && number < rule.minimum) return `Must be at least ${rule.minimum}`;
      if (rule.maximum !== undefined && number > rule.maximum) return `Must be at most ${rule.maximum}`;
      return undefined;
    }
  }
}

/** The shape rule a JSON Schema node carries, if any (`x-parley-shape` with `minimum`/`maximum`). */
export function shapeRuleOf(schema: Record<string, unknown>): ShapeRule | undefined {
  const shape = schema['x-parley-shape'];
  if (shape !== 'color' && shape !== 'length' && shape !== 'url' && shape !== 'number' && shape !== 'integer')
    return undefined;
  return {
    shape,
    ...(typeof schema.minimum === 'number' ? { minimum: schema.minimum } : {}),
    ...(typeof schema.maximum === 'number' ? { maximum: schema.maximum } : {}),
  };
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter() : undefined;

/** One emoji (a single grapheme with an emoji in it: flags, skin tones and families count as one). */
export function isOneEmoji(text: string): boolean {
  const value = text.trim();
  if (!/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value)) return false;
  const graphemes = segmenter ? [...segmenter.segment(value)].length : [...value].length;
  return graphemes === 1;
}

/** Why a workspace or bot icon is refused: it is one emoji or an https image address. */
export function iconProblem(value: string): string | undefined {
  if (value === '' || isOneEmoji(value)) return undefined;
  try {
    if (new URL(value.trim()).protocol === 'https:') return undefined;
  } catch {
    // neither: refused below
  }
  return 'Must be one emoji (such as 🤖) or an image address starting with https://';
}
