/** Schema versions of bot definitions. A missing version means "3". */
export const DEFINITION_VERSIONS = ['3', '4', '5', '6', '6.1'] as const;
export type DefinitionVersion = (typeof DEFINITION_VERSIONS)[number];
export const LATEST_VERSION: DefinitionVersion = '6.1';

/** `Number(version) >= 6` switches every v6 behaviour on; below, v5 semantics apply. */
export function isV6(version: DefinitionVersion): boolean {
  return Number(version) >= 6;
}
