// No template can carry an account, but a workspace with exactly one account
// of a block's kind has only one answer to "which account?": the bot made
// from the template takes it, and starts without a problem. With none or
// several, the block stays unset and the problems list says what to choose.

interface Account {
  id: string;
  /** An account's type is the type of the blocks that answer with it (openai, …). */
  type: string;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function withAccount(block: unknown, only: (type: string) => string | undefined): unknown {
  if (!isJson(block) || typeof block.type !== 'string' || !isJson(block.options)) return block;
  if (typeof block.options.credentialsId === 'string' && block.options.credentialsId !== '') return block;
  const id = only(block.type);
  return id ? { ...block, options: { ...block.options, credentialsId: id } } : block;
}

/** The definition with each block that has no account given the workspace's only account of its kind. */
export function withOnlyAccounts<T extends Record<string, unknown>>(definition: T, accounts: readonly Account[]): T {
  if (!Array.isArray(definition.groups) || accounts.length === 0) return definition;
  const only = (type: string): string | undefined => {
    const matching = accounts.filter((account) => account.type === type);
    return matching.length === 1 ? matching[0]!.id : undefined;
  };
  const groups: unknown[] = definition.groups.map((group: unknown) =>
    isJson(group) && Array.isArray(group.blocks)
      ? { ...group, blocks: group.blocks.map((block: unknown) => withAccount(block, only)) }
      : group,
  );
  return { ...definition, groups };
}
