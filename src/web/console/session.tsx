import { createContext, useContext, type ReactNode } from 'react';
import type { ViewerQuery, WorkspaceRole } from './api/generated';

export type Workspace = ViewerQuery['workspaces'][number];

export interface SessionValue {
  me: ViewerQuery['me'];
  workspaces: Workspace[];
  /** Invitations waiting for the signed-in person. */
  invitations: ViewerQuery['myInvitations'];
  /** Reloads who is signed in and their workspaces (after creating or renaming one). */
  refresh(): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in console');
  return value;
}

/** What a role may do here: GUESTs read; MEMBERs edit bots and results; ADMINs also manage the workspace. */
export function canEdit(role: WorkspaceRole | null | undefined): boolean {
  return role === 'ADMIN' || role === 'MEMBER';
}

export function isAdmin(role: WorkspaceRole | null | undefined): boolean {
  return role === 'ADMIN';
}
