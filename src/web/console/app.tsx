import { useEffect, useState } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation, useParams } from 'wouter';
import { onSignedOut, request } from './api/client';
import { NotFound } from './not-found';
import { InvitationsBanner } from './invitations';
import { SignOutDocument, ViewerDocument, type ViewerQuery } from './api/generated';
import { BillingPage } from './pages/billing';
import { BotPage } from './pages/bot';
import { BotsPage } from './pages/bots';
import { InboxNavLink } from './pages/inbox/inbox-badge';
import { InboxPage } from './pages/inbox/inbox-page';
import { SettingsPage } from './pages/settings';
import { SignInPage } from './pages/sign-in';
import { SessionProvider, useSession, type SessionValue } from './session';
import { forgetStoredData, STORED_KEYS } from './stored-data';
import { ErrorNote } from './ui';

export function App() {
  return (
    <Router base="/app">
      <Switch>
        <Route path="/sign-in" component={SignInPage} />
        <Route>
          <SignedIn />
        </Route>
      </Switch>
    </Router>
  );
}

/** Everything behind sign-in: who is signed in is loaded first; no session sends to the sign-in page. */
function SignedIn() {
  const [, navigate] = useLocation();
  const [viewer, setViewer] = useState<ViewerQuery | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      onSignedOut(() => {
        forgetStoredData();
        navigate('/sign-in', { replace: true });
      }),
    [navigate],
  );
  useEffect(() => {
    request(ViewerDocument).then(setViewer, setError);
  }, [version]);
  if (error) return <ErrorNote error={error} />;
  if (!viewer) return <p className="loading">Loading…</p>;
  const session: SessionValue = {
    me: viewer.me,
    workspaces: viewer.workspaces,
    invitations: viewer.myInvitations,
    refresh: () => setVersion((v) => v + 1),
    signOut: async () => {
      forgetStoredData();
      await request(SignOutDocument);
      navigate('/sign-in', { replace: true });
    },
  };
  return (
    <SessionProvider value={session}>
      <Switch>
        <Route path="/w/:workspaceId" nest>
          <WorkspaceShell />
        </Route>
        <Route>
          <Redirect to={firstWorkspacePath(viewer)} replace />
        </Route>
      </Switch>
    </SessionProvider>
  );
}

function firstWorkspacePath(viewer: ViewerQuery): string {
  const remembered = localStorage.getItem(STORED_KEYS.lastWorkspace);
  const workspace = viewer.workspaces.find((each) => each.id === remembered) ?? viewer.workspaces[0];
  return workspace ? `/w/${workspace.id}/bots` : '/no-workspace';
}

function WorkspaceShell() {
  const { workspaceId } = useParams<{ workspaceId: string }>();
  const session = useSession();
  const [location, navigate] = useLocation();
  const workspace = session.workspaces.find((each) => each.id === workspaceId);
  useEffect(() => {
    if (workspace) localStorage.setItem(STORED_KEYS.lastWorkspace, workspace.id);
  }, [workspace]);
  return (
    <div className="shell">
      <header className="topbar">
        <Link href="~/app" className="brand">
          Parley
        </Link>
        <label className="switcher">
          <span className="visually-hidden">Workspace</span>
          <select value={workspaceId} onChange={(event) => navigate(`~/app/w/${event.target.value}/bots`)}>
            {!workspace && <option value={workspaceId}>Unknown workspace</option>}
            {session.workspaces.map((each) => (
              <option key={each.id} value={each.id}>
                {each.icon ? `${each.icon} ` : ''}
                {each.name}
              </option>
            ))}
          </select>
        </label>
        <nav aria-label="Workspace">
          <Link href="/bots" aria-current={location.startsWith('/bots') ? 'page' : undefined}>
            Bots
          </Link>
          {workspace && (
            <InboxNavLink key={workspace.id} workspace={workspace} current={location.startsWith('/inbox')} />
          )}
          <Link href="/settings" aria-current={location.startsWith('/settings') ? 'page' : undefined}>
            Settings
          </Link>
          <Link href="/billing" aria-current={location.startsWith('/billing') ? 'page' : undefined}>
            Billing
          </Link>
        </nav>
        <span className="who">{session.me.email}</span>
        <button type="button" className="ghost" onClick={() => void session.signOut()}>
          Sign out
        </button>
      </header>
      <main>
        <InvitationsBanner />
        {!workspace ? (
          <NotFound what="workspace" />
        ) : (
          <Switch>
            <Route path="/bots">
              <BotsPage workspace={workspace} />
            </Route>
            <Route path="/bots/:botId/:tab?">
              {(params) => <BotPage workspace={workspace} botId={params.botId} tab={params.tab} />}
            </Route>
            <Route path="/inbox/:conversationId?">
              {(params) => (
                <InboxPage key={workspace.id} workspace={workspace} conversationId={params.conversationId} />
              )}
            </Route>
            <Route path="/settings">
              {/* Keyed: its forms start from the workspace shown, not the previous one's values. */}
              <SettingsPage key={workspace.id} workspace={workspace} />
            </Route>
            <Route path="/billing">
              <BillingPage workspace={workspace} />
            </Route>
            <Route>
              <NotFound what="page" />
            </Route>
          </Switch>
        )}
      </main>
    </div>
  );
}
