import { z } from 'zod';
import { AppError, badRequest } from '../../errors';
import { joinWithInvitationLink } from '../../services/invitation-links';
import { createSignInLink, redeemSignInLink } from '../../services/sign-in/links';
import { changePassword } from '../../services/sign-in/password-change';
import { endSession, issueSession, signInWithPassword, type IssuedSession } from '../../services/sign-in/sessions';
import { getUser } from '../../services/users';
import { email as emailSchema, parseInput } from '../../services/validation';
import { builder } from '../builder';
import type { GraphQLContext, HttpExchange } from '../context';

const SignInOptions = builder.objectRef<{ password: boolean; emailLink: boolean }>('SignInOptions').implement({
  description: 'The ways people sign in to the console on this server.',
  fields: (t) => ({
    password: t.exposeBoolean('password'),
    emailLink: t.exposeBoolean('emailLink', {
      description: 'Whether a one-time link can be e-mailed (the server has SMTP settings).',
    }),
  }),
});

const SignedIn = builder.objectRef<IssuedSession & { csrfToken: string }>('SignedIn').implement({
  description:
    'A console session, held by the browser as an httpOnly cookie (parley_session, __Host-parley_session over https).',
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, session, _args, ctx) => getUser(ctx.db, session.userId, query),
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    csrfToken: t.exposeString('csrfToken', {
      description:
        "Sent back as the X-Parley-CSRF header with every request of this session. Never in a cookie: no other origin's page can read it.",
    }),
  }),
});

/**
 * Sign-in sets cookies, so it needs /graphql's HTTP exchange; and it is
 * refused from another site's page (a login-CSRF would sign the visitor in
 * as someone else): browsers send Origin with every POST.
 */
function sameSiteExchange(ctx: GraphQLContext): HttpExchange {
  if (!ctx.http) throw badRequest('Sign-in happens at /graphql: it sets the session cookie');
  const origin = ctx.request.origin;
  if (origin && !ownOrigins(ctx).includes(origin)) throw new AppError('FORBIDDEN', 'Cross-site sign-in refused');
  return ctx.http;
}

/** The exchange of a sign-in attempt, refused while the client's failed sign-ins have used up their budget. */
async function signInExchange(ctx: GraphQLContext): Promise<HttpExchange> {
  const http = sameSiteExchange(ctx);
  await http.assertMayTrySignIn();
  return http;
}

function ownOrigins(ctx: GraphQLContext): string[] {
  const url = ctx.request.consoleBaseUrl;
  if (!url) return [];
  const parsed = new URL(url);
  // Unconfigured, the console origin is http://<Host>; behind TLS the page's origin is https://<Host>.
  return parsed.protocol === 'http:' ? [parsed.origin, `https://${parsed.host}`] : [parsed.origin];
}

const password = z.string().min(1, 'must not be empty').max(256, 'must be at most 256 characters');

builder.queryFields((t) => ({
  signInOptions: t.field({
    type: SignInOptions,
    resolve: (_root, _args, ctx) => ({ password: true, emailLink: Boolean(ctx.signIn.sendLink) }),
  }),
}));

builder.mutationFields((t) => ({
  signIn: t.field({
    type: SignedIn,
    description:
      'Signs in with e-mail and password: sets the session cookies. A wrong pair counts against the client like an unknown token.',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const http = await signInExchange(ctx);
      const address = parseInput(emailSchema, args.email, ['email']);
      const secret = parseInput(password, args.password, ['password']);
      try {
        const session = await signInWithPassword(ctx.db, address, secret, ctx.signIn.sessionTtlMs);
        return { ...session, ...http.setSessionCookies(session) };
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') http.reportAuthFailure();
        throw error;
      }
    },
  }),
  requestSignInLink: t.boolean({
    description:
      'E-mails a one-time sign-in link to this address when it belongs to a user. Answers true either way (it does not tell who has an account).',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      sameSiteExchange(ctx);
      const settings = ctx.signIn;
      if (!settings.sendLink)
        throw badRequest('Sign-in links need the server to have SMTP settings (SMTP_HOST, SMTP_FROM)');
      const link = await createSignInLink(ctx.db, parseInput(emailSchema, args.email, ['email']), settings.linkTtlMs);
      // Its address is the configured console origin's, whatever Host this request named.
      if (link) await settings.sendLink(link.email, link.secret);
      return true;
    },
  }),
  signInWithLink: t.field({
    type: SignedIn,
    description: 'Spends a one-time link from requestSignInLink: sets the session cookies.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const http = await signInExchange(ctx);
      const userId = await redeemSignInLink(ctx.db, args.token).catch((error: unknown) => {
        http.reportAuthFailure();
        throw error;
      });
      const session = await issueSession(ctx.db, userId, ctx.signIn.sessionTtlMs);
      return { ...session, ...http.setSessionCookies(session) };
    },
  }),
  signInWithInvitation: t.field({
    type: SignedIn,
    description:
      "Spends an invitation link (inviteMember's): creates the invitee's account, joins the workspace with the invited role and sets the session cookies. Refused when the address already has an account (sign in, then accept the invitation).",
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const http = await signInExchange(ctx);
      const { userId } = await joinWithInvitationLink(ctx.db, args.token).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') http.reportAuthFailure();
        throw error;
      });
      const session = await issueSession(ctx.db, userId, ctx.signIn.sessionTtlMs);
      return { ...session, ...http.setSessionCookies(session) };
    },
  }),
  signOut: t.boolean({
    description: "Ends the caller's console session and clears its cookies; true also when there was none.",
    resolve: async (_root, _args, ctx) => {
      if (ctx.viewer?.sessionId) await endSession(ctx.db, ctx.viewer.sessionId);
      ctx.http?.clearSessionCookies();
      return true;
    },
  }),
  changePassword: t.boolean({
    description:
      "Sets the caller's console password; the current one is required when there is one. Other console sessions of the caller end.",
    args: { currentPassword: t.arg.string(), newPassword: t.arg.string({ required: true }) },
    authScopes: { authenticated: true },
    resolve: async (_root, args, ctx) => {
      await changePassword(
        ctx.db,
        ctx.viewer!.userId,
        { current: args.currentPassword ?? undefined, next: args.newPassword },
        ctx.viewer!.sessionId,
      );
      return true;
    },
  }),
}));
