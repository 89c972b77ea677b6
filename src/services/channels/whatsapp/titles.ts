// WhatsApp caps its texts (buttons 20 characters, list rows 24, bodies 1024…)
// and rejects a message whose buttons share a title.

/** The text within `max` characters (code points), an ellipsis marking a cut. */
export function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** Each label cut to `max`, a later duplicate numbered (" (2)") to keep every title distinct. */
export function uniqueTitles(labels: readonly string[], max: number): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    let title = cut(label, max);
    for (let counter = 2; used.has(title); counter += 1) {
      const suffix = ` (${counter})`;
      title = `${cut(label, max - suffix.length)}${suffix}`;
    }
    used.add(title);
    return title;
  });
}
