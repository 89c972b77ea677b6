import { canEdit, type Workspace } from '../session';
import { CredentialsList } from './settings/credentials-list';
import { Members } from './settings/members';
import { NewWorkspace } from './settings/new-workspace';
import { Password } from './settings/password';
import { Tokens } from './settings/tokens';
import { WorkspaceForm } from './settings/workspace-form';

export function SettingsPage({ workspace }: { workspace: Workspace }) {
  return (
    <section className="settings">
      <h1>Settings</h1>
      <WorkspaceForm workspace={workspace} />
      <Members workspace={workspace} />
      {canEdit(workspace.viewerRole) && <CredentialsList workspace={workspace} />}
      <Tokens />
      <Password />
      <NewWorkspace />
    </section>
  );
}
