// The configuration reference (docs/configuration.md), written from the schema.
import { settingsOf, isOptionalGroup, type Node } from './group';
import { CONFIG_SCHEMA } from './schema';
import type { Setting } from './setting';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function row(setting: Setting<unknown>): string {
  const names = [
    `\`${setting.env}\``,
    ...setting.platform.map((name) => `\`${name}\` (platforms)`),
    ...setting.deprecated.map((name) => `~~\`${name}\`~~ (deprecated)`),
  ].join('<br>');
  const type = setting.unit ? `${setting.type} (${setting.unit})` : setting.type;
  return `| ${names} | ${cell(type)} | ${cell(setting.defaultText)} | ${cell(setting.doc)} |`;
}

/** One table per group, headed by the group's key in the configuration object. */
export function configurationTable(): string {
  const sections: string[] = [];
  for (const [group, node] of Object.entries<Node>(CONFIG_SCHEMA)) {
    const optional = isOptionalGroup(node) ? ` (on when \`${node.settings[node.key]!.env}\` is set)` : '';
    const rows = [...settingsOf(node)].map(([, setting]) => row(setting));
    sections.push(
      [
        `### \`${group}\`${optional}`,
        '',
        '| Variable | Type | Default | Meaning |',
        '| --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    );
  }
  return sections.join('\n\n') + '\n';
}

export const TABLE_START = '<!-- config-table:start -->';
export const TABLE_END = '<!-- config-table:end -->';

/** `document` with the text between the markers replaced by the generated table. */
export function withConfigurationTable(document: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the document has no ${TABLE_START} … ${TABLE_END} section`);
  return `${document.slice(0, start + TABLE_START.length)}\n\n${configurationTable()}\n${document.slice(end)}`;
}
