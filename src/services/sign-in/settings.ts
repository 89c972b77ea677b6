/** How people sign in to the console (ChatDeps.signIn). */
export interface SignInSettings {
  /** How long a console session lasts from sign-in (PARLEY_CONSOLE_SESSION_HOURS). */
  sessionTtlMs: number;
  /** How long an e-mailed sign-in link stays valid. */
  linkTtlMs: number;
  /**
   * E-mails a sign-in link with this secret, on the configured console origin; absent when the server has no SMTP
   * settings (the console then offers passwords only).
   */
  sendLink?: (to: string, secret: string) => Promise<void>;
  /** E-mails an invitation's link with this secret, the same way; absent without SMTP settings (the inviter is then shown the link). */
  sendInvitation?: (to: string, secret: string, workspaceName: string) => Promise<void>;
  /**
   * PARLEY_OPERATORS, lower-cased: without SMTP, the only inviters shown an invitation's link (it makes an account
   * for the address, so whoever holds it could squat it; the operator can make accounts anyway).
   */
  operators?: readonly string[];
}

export const DEFAULT_SIGN_IN: SignInSettings = { sessionTtlMs: 7 * 24 * 3600 * 1000, linkTtlMs: 15 * 60 * 1000 };
