// Variables inside rich text (docs/engine-behaviour.md#rich-text): a variable's
// value is read as Markdown (markdown-to-rich-text.ts) and put in the tree
// (rich-text-nodes.ts).
import type { CodeRunner } from '../contracts';
import type { RuntimeVariable } from '../session';
import { markdownToRichText } from './markdown-to-rich-text';
import { type Element, isElement, isLeaf, type Leaf, type Node } from './rich-text-nodes';
import { evaluateInlineCode, findVariableWithValue, renderText, valueToText } from './templating';

export interface RichTextOptions {
  /** v5 text bubbles show only the last item of a list. */
  listAsLastItem?: boolean;
  /** Runs `{{= … =}}` inline code; without it, inline code counts as failed. */
  code?: CodeRunner;
}

/** The marks a variable's value inherits from the leaf it sits in. */
const INHERITED_MARKS = ['bold', 'italic', 'underline'] as const;

/** One `{{Var}}` or `{{= code =}}` occurrence in a leaf's text. */
interface Occurrence {
  start: number;
  end: number;
  /** The inner code, for inline code. */
  code?: string;
  /** The variable name, for a reference. */
  name?: string;
}

/** Inline code and variable references, left to right; a reference inside inline code belongs to the code. */
function findOccurrences(text: string): Occurrence[] {
  const occurrences: Occurrence[] = [];
  for (const match of text.matchAll(/\{\{=(.+?)=\}\}|\{\{([^{}]+)\}\}/g)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    occurrences.push(match[1] !== undefined ? { start, end, code: match[1] } : { start, end, name: match[2] });
  }
  return occurrences;
}

/**
 * Substitutes variables and inline code in a rich-text tree (text bubbles):
 * - an element (other than a link) whose only child is a leaf holding exactly
 *   one reference is replaced by the value parsed as Markdown (several
 *   paragraphs, lists…); quirk kept from the reference: when that leaf is
 *   bold/italic/underlined the result is the value's bare text leaves, with
 *   the marks, in place of the element;
 * - otherwise a leaf is split into the text before (same marks), the value's
 *   text leaves (block structure flattened, an empty paragraph becoming a
 *   "\n\n" leaf) and the text after;
 * - `url`s (links) are substituted as plain text;
 * - leaves without references are kept as they are.
 */
export async function substituteRichText(
  nodes: unknown[],
  variables: readonly RuntimeVariable[],
  options: RichTextOptions = {},
): Promise<unknown[]> {
  if (!Array.isArray(nodes)) return [];
  const context: SubstitutionContext = {
    variables,
    listAsLastItem: options.listAsLastItem ?? false,
    code: options.code,
  };
  return substituteNodes(nodes, context);
}

/** Node after node (inline code runs in document order). */
async function substituteNodes(nodes: unknown[], context: SubstitutionContext): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const node of nodes) out.push(...(await substituteNode(node, context)));
  return out;
}

interface SubstitutionContext {
  variables: readonly RuntimeVariable[];
  listAsLastItem: boolean;
  code?: CodeRunner;
}

async function substituteNode(node: unknown, context: SubstitutionContext): Promise<unknown[]> {
  if (isLeaf(node)) return substituteLeaf(node, context);
  if (!isElement(node)) return [node];
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (node.type !== 'a' && isLeaf(only)) {
    const occurrences = findOccurrences(only.text);
    const single = occurrences.length === 1 && occurrences[0]!.start === 0 && occurrences[0]!.end === only.text.length;
    if (single) {
      if (!hasInheritedMarks(only)) return markdownToRichText(await occurrenceText(occurrences[0]!, context));
      return substituteLeaf(only, context);
    }
  }
  const copy: Element = { ...node, children: await substituteNodes(node.children, context) };
  if (typeof node.url === 'string' && node.url !== '')
    copy.url = await renderText(node.url, context.variables, { code: context.code });
  return [copy];
}

function hasInheritedMarks(leaf: Leaf): boolean {
  return INHERITED_MARKS.some((mark) => Boolean(leaf[mark]));
}

async function occurrenceText(occurrence: Occurrence, context: SubstitutionContext): Promise<string> {
  if (occurrence.code !== undefined)
    return evaluateInlineCode(occurrence.code, context.variables, context.code, context.listAsLastItem);
  return valueToText(findVariableWithValue(context.variables, occurrence.name!)?.value, context.listAsLastItem);
}

async function substituteLeaf(leaf: Leaf, context: SubstitutionContext): Promise<unknown[]> {
  if (leaf.text === '') return [leaf];
  const occurrences = findOccurrences(leaf.text);
  if (occurrences.length === 0) return [leaf];
  const marks: Node = {};
  for (const mark of INHERITED_MARKS) if (leaf[mark] !== undefined) marks[mark] = leaf[mark];
  const parts: unknown[] = [];
  let last = 0;
  for (const occurrence of occurrences) {
    const before = leaf.text.slice(last, occurrence.start);
    if (before !== '') parts.push({ ...leaf, text: before });
    parts.push(...valueLeaves(await occurrenceText(occurrence, context), marks));
    last = occurrence.end;
  }
  const after = leaf.text.slice(last);
  if (after !== '') parts.push({ ...leaf, text: after });
  return parts;
}

/** A value as text leaves carrying the leaf's marks: its Markdown read, then flattened. */
function valueLeaves(value: string, marks: Node): unknown[] {
  return markdownToRichText(value).flatMap((node) => {
    if (isLeaf(node)) return [{ ...marks, ...node }];
    if (!isElement(node)) return [];
    const children = node.children;
    const first = children[0];
    if (node.type === 'p' && children.length === 1 && isLeaf(first) && first.text === '') return [{ text: '\n\n' }];
    return flattenLeaves(children).map((leaf) => ({ ...marks, ...leaf }));
  });
}

function flattenLeaves(nodes: unknown[]): Leaf[] {
  return nodes.flatMap((node) => {
    if (isLeaf(node)) return [node];
    if (isElement(node)) return flattenLeaves(node.children);
    return [];
  });
}
