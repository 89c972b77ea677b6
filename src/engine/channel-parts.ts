// The provider-neutral pieces of a turn as a messaging channel shows it (services/channels/turn-parts.ts builds
// them, an input block may say how its input looks: its folder's channel.ts; each channel writes them).

/** One button, list row or keyboard key: `value` is what the engine matches when it is chosen. */
export interface ChoiceOption {
  id: string;
  label: string;
  value: string;
}

export type TurnPart =
  | { kind: 'text'; richText: unknown[] }
  | { kind: 'media'; media: 'image' | 'video' | 'audio'; url: string; caption?: string }
  /** An address shown as text: embeds, hosted videos (YouTube…), redirects. */
  | { kind: 'link'; url: string }
  /** A single choice. */
  | { kind: 'buttons'; prompt?: unknown[]; options: ChoiceOption[] }
  /** A multiple choice, answered by the items' numbers. */
  | { kind: 'numbered'; prompt?: unknown[]; items: string[] }
  /** A picture choice item or a card: a picture, a title, a description and its buttons. */
  | { kind: 'card'; imageUrl?: string; title?: string; description?: string; options: ChoiceOption[] };
