/** How people sign in to the console (ChatDeps.signIn). */
export interface SignInSettings {
  /** How long a console session lasts from sign-in (PARLEY_CONSOLE_SESSION_HOURS). */
  sessionTtlMs: number;
  /** How long an e-mailed sign-in link stays valid. */
  linkTtlMs: number;
  /** Sends a sign-in link; absent when the server has no SMTP settings (the console then offers passwords only). */
  sendLink?: (to: string, url: string) => Promise<void>;
  /** E-mails an invitation's link; absent without SMTP settings (the inviter is then shown the link to hand over). */
  sendInvitation?: (to: string, url: string, workspaceName: string) => Promise<void>;
}

export const DEFAULT_SIGN_IN: SignInSettings = { sessionTtlMs: 7 * 24 * 3600 * 1000, linkTtlMs: 15 * 60 * 1000 };
