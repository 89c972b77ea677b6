// A problem of a draft, as the editor, the API and assistants are told it (src/engine/problems/ finds them).

export type ProblemSeverity = 'error' | 'warning';

export type ProblemCode =
  | 'INVALID_DEFINITION'
  | 'UNKNOWN_BLOCK_TYPE'
  | 'INVALID_OPTIONS'
  | 'INVALID_CONTENT'
  | 'INVALID_ITEM'
  | 'MISSING_EDGE_TARGET'
  | 'MISSING_JUMP_TARGET'
  | 'UNREACHABLE_GROUP'
  | 'ANSWER_NOT_SAVED'
  | 'VARIABLE_NEVER_SET'
  | 'UNKNOWN_VARIABLE'
  | 'MISSING_CREDENTIALS'
  | 'BOT_IS_EMPTY'
  | 'BOT_SAYS_NOTHING'
  | 'INVALID_VALUE'
  | 'LOW_CONTRAST'
  | 'UNKNOWN_VARIABLE_ID'
  | 'INCOMPLETE_BLOCK'
  | 'UNFOLLOWED_EDGE'
  | 'UNKNOWN_CREDENTIALS'
  | 'WRONG_CREDENTIALS_KIND';

export interface Problem {
  severity: ProblemSeverity;
  code: ProblemCode;
  message: string;
  groupId?: string;
  blockId?: string;
  /** Where in the definition (['groups', 2, 'blocks', 0, 'options', 'variableId']). */
  path: (string | number)[];
}
