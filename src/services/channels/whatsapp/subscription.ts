// Meta checks a webhook address before using it: `GET ?hub.mode=subscribe&
// hub.verify_token=…&hub.challenge=…`, answered with the challenge when the
// token is the connection's verify token.
import { sameSecret } from '../../../same-secret';

/** The text to answer the verification request with; undefined: refuse it (403). */
export function whatsAppSubscriptionChallenge(
  query: Readonly<Record<string, string | undefined>>,
  verifyToken: string,
): string | undefined {
  if (query['hub.mode'] !== 'subscribe') return undefined;
  if (!sameSecret(query['hub.verify_token'], verifyToken)) return undefined;
  return query['hub.challenge'];
}
