import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder';
import './types/scalars';
import './types/workspace';
import './types/member';
import './types/billing';
import './types/analytics';
import './types/bot';
import './types/draft-changes';
import './types/bot-editing';
import './types/bot-assets';
import './types/revision';
import './types/editor-presence';
import './types/block-types';
import './types/bot-templates';
import './types/token';
import './types/chat';
import './types/credentials';
import './types/result';
import './types/conversation';
import './types/conversation-live';
import './types/public-page';
import './types/uploads';
import './types/sign-in';

/** The one schema both faces execute against (types sorted so the printed SDL is stable). */
export const schema: GraphQLSchema = lexicographicSortSchema(builder.toSchema());
