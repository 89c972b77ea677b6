// GraphQL's "Did you mean …?" names fields, types and enum values of the
// schema. Where introspection is off (production), no answer may spell the
// schema out, so messages lose it: on /graphql and on REST alike.

/** graphql-js appends its suggestion to the end of a message, as one sentence. */
const SUGGESTION = / ?Did you mean .*\?$/;

export function stripSuggestion(message: string): string {
  return message.replace(SUGGESTION, '');
}
