import type { RestRoute } from '../route';
import { analyticsRoutes } from './analytics';
import { billingRoutes } from './billing';
import { botRoutes } from './bots';
import { chatRoutes, webhookRoutes } from './chat';
import { conversationRoutes } from './conversations';
import { credentialsRoutes } from './credentials';
import { memberRoutes } from './members';
import { resultRoutes } from './results';
import { revisionRoutes } from './revisions';
import { tokenRoutes } from './tokens';
import { workspaceRoutes } from './workspaces';

/**
 * Every REST route. Adding an endpoint is one row in its domain's module and
 * one operation in operations/. The order is the OpenAPI document's.
 */
export const routes: RestRoute[] = [
  ...workspaceRoutes,
  ...memberRoutes,
  ...credentialsRoutes,
  ...billingRoutes,
  ...analyticsRoutes,
  ...botRoutes,
  ...revisionRoutes,
  ...resultRoutes,
  ...conversationRoutes,
  ...chatRoutes,
  ...webhookRoutes,
  ...tokenRoutes,
];
