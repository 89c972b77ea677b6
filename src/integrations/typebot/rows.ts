// Rows of a Typebot database as the importer reads them (source.ts selects
// exactly these columns; JSON columns come as PostgreSQL parsed them, and
// are validated where they are used).

export interface SourceCounts {
  users: number;
  workspaces: number;
  members: number;
  invitations: number;
  credentials: number;
  bots: number;
  results: number;
}

export interface SourceUser {
  id: string;
  email: string | null;
  name: string | null;
  image: string | null;
  createdAt: Date;
}

export interface SourceWorkspace {
  id: string;
  name: string;
  icon: string | null;
  plan: string;
  createdAt: Date;
  customChatsLimit: number | null;
  customSeatsLimit: number | null;
  customStorageLimit: number | null;
  isSuspended: boolean;
  isPastDue: boolean;
  isVerified: boolean | null;
  isQuarantined: boolean;
}

export interface SourceMember {
  userId: string;
  workspaceId: string;
  role: string;
  createdAt: Date;
}

export interface SourceInvitation {
  id: string;
  email: string;
  workspaceId: string;
  role: string;
  createdAt: Date;
}

export interface SourceFolder {
  id: string;
  name: string;
  parentFolderId: string | null;
  workspaceId: string;
}

export interface SourceCredentials {
  id: string;
  workspaceId: string;
  type: string;
  name: string;
  data: string;
  iv: string;
  createdAt: Date;
}

/** A person given access to one bot (Typebot's per-bot sharing). */
export interface SourceCollaborator {
  userId: string;
  typebotId: string;
  type: string;
}

/** A bot's content columns (the draft's, or its published version's). */
export interface SourceContent {
  version: string | null;
  groups: unknown;
  events: unknown;
  variables: unknown;
  edges: unknown;
  theme: unknown;
  settings: unknown;
}

export interface SourceBot extends SourceContent {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  icon: string | null;
  name: string;
  folderId: string | null;
  /** The name of its space (Typebot 3.x's folders above folders), where the database has them. */
  spaceName: string | null;
  publicId: string | null;
  customDomain: string | null;
  workspaceId: string;
  isArchived: boolean;
  isClosed: boolean;
  whatsAppCredentialsId: string | null;
  published: (SourceContent & { updatedAt: Date }) | null;
}

export interface SourceResult {
  id: string;
  createdAt: Date;
  typebotId: string;
  variables: unknown;
  isCompleted: boolean;
  hasStarted: boolean | null;
  isArchived: boolean | null;
  lastChatSessionId: string | null;
  /** The first answers table (one row per block and group). */
  answers: { blockId: string; groupId: string; variableId: string | null; content: string; createdAt: Date }[];
  answersV2: { id: number; blockId: string; content: string; attachedFileUrls: unknown; createdAt: Date }[];
  logs: {
    id: string;
    status: string;
    description: string;
    details: string | null;
    context: string | null;
    createdAt: Date;
  }[];
  visitedEdges: { edgeId: string; index: number }[];
  setVariableHistory: {
    index: number;
    variableId: string;
    blockId: string;
    blockIndex: number | null;
    value: unknown;
  }[];
}
