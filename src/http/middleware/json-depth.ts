import { badRequest } from '../../errors';

/** No JSON body nests deeper: bot definitions reach about 15 levels; 10,000 levels would overflow the stack of whatever walks it. */
export const MAX_JSON_DEPTH = 128;

/**
 * Refuses JSON text nested deeper than `max` (arrays and objects), with one
 * linear pass over the text before anything parses or walks it recursively.
 */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) throw badRequest(`JSON nested deeper than ${max} levels`);
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
}
