import { useState } from 'react';
import { request } from '../../api/client';
import { ConnectTelegramWebhookDocument, type ChannelConnectionsQuery } from '../../api/generated';
import { ErrorNote, formatDate, useAction } from '../../ui';
import { reachableByMeta } from './public-address';

// What the builder does at the provider for the chosen connection: the
// webhook address (and WhatsApp's verify token) to paste in Meta's dashboard,
// or Telegram told the address through its API; then how the connection is doing.

export type Connection = ChannelConnectionsQuery['credentials'][number];
type Channel = NonNullable<Connection['channel']>;

function CopyValue({ label, value, secret }: { label: string; value: string; secret?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="copy-value">
      <span className="copy-label">{label}</span>
      <div className="row">
        <code className={secret ? 'value secret-value' : 'value'}>{value}</code>
        <button
          type="button"
          className="secondary"
          aria-label={`Copy the ${label.toLowerCase()}`}
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

function WhatsAppSteps({ webhookUrl, verifyToken }: { webhookUrl: string; verifyToken: string | null }) {
  return (
    <>
      <CopyValue label="Callback URL" value={webhookUrl} />
      {!reachableByMeta(webhookUrl) && (
        <p className="hint warning-note" role="note">
          Meta needs a public https:// address it can reach: this one is not. Serve the console at a public HTTPS
          address (PARLEY_PUBLIC_URL behind a TLS proxy, or a tunnel while testing), open this page there, and paste
          that callback URL instead.
        </p>
      )}
      {verifyToken && <CopyValue label="Verify token" value={verifyToken} secret />}
      <ol className="steps">
        <li>
          In Meta’s app dashboard, open <strong>WhatsApp › Configuration</strong> (or <strong>Webhooks</strong>) and
          choose <strong>Edit</strong> next to the callback URL.
        </li>
        <li>
          Paste the callback URL and the verify token above, then <strong>Verify and save</strong>: Meta checks the
          address with Parley at once.
        </li>
        <li>
          Under <strong>Webhook fields</strong>, subscribe to <strong>messages</strong>.
        </li>
      </ol>
    </>
  );
}

function TelegramSteps({
  workspaceId,
  credentialsId,
  webhookUrl,
}: {
  workspaceId: string;
  credentialsId: string;
  webhookUrl: string;
}) {
  const [answer, setAnswer] = useState<string | null>(null);
  const connect = useAction(async () => {
    setAnswer(null);
    const { connectTelegramWebhook } = await request(ConnectTelegramWebhookDocument, {
      workspaceId,
      credentialsId,
      webhookUrl,
    });
    setAnswer(connectTelegramWebhook.message);
  });
  return (
    <>
      <CopyValue label="Webhook URL" value={webhookUrl} />
      <p className="hint">
        Telegram is told this address through its API, with the connection’s secret token. Telegram needs an https://
        address it can reach.
      </p>
      <div className="row">
        <button type="button" disabled={connect.pending} onClick={() => void connect.run()}>
          {connect.pending ? 'Connecting…' : 'Connect webhook'}
        </button>
        <span role="status" className="hint">
          {answer ? `Telegram: ${answer}` : ''}
        </span>
      </div>
      <ErrorNote error={connect.error} />
    </>
  );
}

function Health({ channel }: { channel: Channel }) {
  return (
    <dl className="health">
      <div>
        <dt>Last message received</dt>
        <dd>{channel.lastEventAt ? formatDate(channel.lastEventAt) : 'None yet'}</dd>
      </div>
      <div>
        <dt>Messages waiting</dt>
        <dd>{channel.pendingEvents}</dd>
      </div>
      <div className="wide">
        <dt>Last delivery error</dt>
        <dd className={channel.lastDeliveryError ? 'delivery-error' : undefined}>
          {channel.lastDeliveryError ?? 'None'}
        </dd>
      </div>
    </dl>
  );
}

export function ConnectionDetails({
  workspaceId,
  connection,
  onRefresh,
  refreshing,
}: {
  workspaceId: string;
  connection: Connection & { channel: Channel };
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { channel } = connection;
  const webhookUrl = window.location.origin + channel.webhookPath;
  return (
    <div className="wide connection-details">
      {connection.type === 'whatsApp' ? (
        <WhatsAppSteps webhookUrl={webhookUrl} verifyToken={channel.verifyToken} />
      ) : (
        <TelegramSteps workspaceId={workspaceId} credentialsId={connection.id} webhookUrl={webhookUrl} />
      )}
      <div className="row health-header">
        <h2>Health</h2>
        <button type="button" className="secondary" disabled={refreshing} onClick={onRefresh}>
          Refresh
        </button>
      </div>
      <Health channel={channel} />
    </div>
  );
}
