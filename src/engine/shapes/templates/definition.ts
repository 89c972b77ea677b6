// The part of a Typebot v6.1 definition the starter templates use, and small
// builders so each template reads as its conversation. The engine takes these
// as any export; ids are hard-coded per template and become the new bot's own.

import type { StarterTheme } from './theme';

export interface Point {
  x: number;
  y: number;
}

export interface RichTextLeaf {
  text: string;
  bold?: true;
}

export interface Paragraph {
  type: 'p';
  children: RichTextLeaf[];
}

export interface ChoiceItem {
  id: string;
  content: string;
  /** Without one, the choice follows the block's own outgoing edge. */
  outgoingEdgeId?: string;
}

export interface Comparison {
  id: string;
  variableId: string;
  comparisonOperator: 'Equal to' | 'Greater or equal to' | 'Less or equal to' | 'Is set';
  value?: string;
}

export interface ConditionItem {
  id: string;
  outgoingEdgeId: string;
  content: { logicalOperator: 'AND' | 'OR'; comparisons: Comparison[] };
}

interface BlockBase {
  id: string;
  outgoingEdgeId?: string;
}

export type TemplateBlock = BlockBase &
  (
    | { type: 'text'; content: { richText: Paragraph[] } }
    | {
        type: 'text input';
        options: { variableId?: string; labels?: { placeholder?: string; button?: string }; isLong?: boolean };
      }
    | {
        type: 'email input';
        options: {
          variableId: string;
          labels?: { placeholder?: string; button?: string };
          retryMessageContent?: string;
        };
      }
    | { type: 'choice input'; items: ChoiceItem[]; options?: { variableId?: string } }
    | {
        type: 'rating input';
        options: {
          variableId: string;
          buttonType: 'Numbers';
          length: number;
          startsAt: number;
          labels: { left: string; right: string };
          isOneClickSubmitEnabled: boolean;
        };
      }
    | {
        type: 'Set variable';
        options: { variableId: string } & (
          | { type?: 'Custom'; expressionToEvaluate: string }
          | { type: 'Append value(s)'; item: string }
          | { type: 'Empty' }
        );
      }
    | { type: 'Condition'; items: ConditionItem[] }
    | {
        type: 'openai';
        options: {
          action: 'Create chat completion';
          model: string;
          messages: (
            { role: 'system'; content: string } | { role: 'Dialogue'; dialogueVariableId: string; startsBy: 'user' }
          )[];
          responseMapping: { item: 'Message content'; variableId: string }[];
        };
      }
  );

export interface TemplateGroup {
  id: string;
  title: string;
  graphCoordinates: Point;
  blocks: TemplateBlock[];
}

export interface TemplateEdge {
  id: string;
  from: { eventId: string } | { blockId: string; itemId?: string };
  to: { groupId: string };
}

export interface TemplateVariable {
  /** A JavaScript identifier: code (Set variable, inline `{{= =}}`) refers to a variable by its id. */
  id: string;
  name: string;
}

/** A bot as `createBot` takes it: a Typebot v6.1 export without a bot id (the server gives one). */
export interface TemplateDefinition {
  version: '6.1';
  name: string;
  events: [{ id: string; type: 'start'; graphCoordinates: Point; outgoingEdgeId: string }];
  groups: TemplateGroup[];
  edges: TemplateEdge[];
  variables: TemplateVariable[];
  theme: StarterTheme;
  settings: Record<string, never>;
}

export interface BotTemplate {
  id: string;
  name: string;
  /** One line, shown under the name in the gallery. */
  description: string;
  definition: TemplateDefinition;
}

/** Columns of the canvas: groups read left to right, one step per stage of the conversation. */
export const column = (index: number, y = 0): Point => ({ x: index * 380, y });

/** A text bubble of one paragraph; `**words**` are bold. */
export function say(id: string, text: string, outgoingEdgeId?: string): TemplateBlock {
  const children = text
    .split(/(\*\*[^*]+\*\*)/)
    .filter((part) => part !== '')
    .map((part): RichTextLeaf =>
      part.startsWith('**') && part.endsWith('**') ? { text: part.slice(2, -2), bold: true } : { text: part },
    );
  return {
    id,
    type: 'text',
    content: { richText: [{ type: 'p', children }] },
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  };
}

export function link(id: string, from: TemplateEdge['from'], groupId: string): TemplateEdge {
  return { id, from, to: { groupId } };
}
