import { useState, type FormEvent } from 'react';

// One form per credentials type the runtime reads (the server validates the
// same shapes: src/services/credentials/types.ts). Secrets are typed in
// password fields and cleared once saved: they are never shown again.

interface Field {
  key: string;
  label: string;
  kind?: 'password' | 'number' | 'checkbox' | 'url' | 'email' | 'headers';
  optional?: boolean;
  placeholder?: string;
}

const API_KEY: Field[] = [
  { key: 'apiKey', label: 'API key', kind: 'password' },
  {
    key: 'baseUrl',
    label: 'Base URL (an OpenAI-compatible server; empty: the provider’s own)',
    kind: 'url',
    optional: true,
  },
];

const FIELDS: Record<string, Field[]> = {
  smtp: [
    { key: 'host', label: 'Host', placeholder: 'smtp.example.com' },
    { key: 'port', label: 'Port', kind: 'number', placeholder: '587' },
    { key: 'username', label: 'User name', optional: true },
    { key: 'password', label: 'Password', kind: 'password', optional: true },
    { key: 'isTlsEnabled', label: 'TLS from the start (port 465)', kind: 'checkbox', optional: true },
    { key: 'fromEmail', label: 'From address', kind: 'email' },
    { key: 'fromName', label: 'From name', optional: true },
  ],
  openai: API_KEY,
  anthropic: API_KEY,
  mistral: API_KEY,
  groq: API_KEY,
  'together-ai': API_KEY,
  'open-router': API_KEY,
  deepseek: API_KEY,
  perplexity: API_KEY,
  http: [
    {
      key: 'headers',
      label: 'Headers, one per line (Name: value)',
      kind: 'headers',
      placeholder: 'Authorization: Bearer …',
    },
  ],
  stripe: [
    { key: 'secretKey', label: 'Secret key', kind: 'password' },
    { key: 'publicKey', label: 'Publishable key' },
  ],
  whatsApp: [
    { key: 'phoneNumberId', label: 'Phone number ID' },
    { key: 'businessAccountId', label: 'WhatsApp Business account ID' },
    { key: 'accessToken', label: 'Access token (a system user’s permanent token)', kind: 'password' },
    { key: 'appSecret', label: 'App secret (signs the webhook calls)', kind: 'password' },
  ],
  telegram: [{ key: 'botToken', label: 'Bot token (from BotFather)', kind: 'password', placeholder: '123456:ABC…' }],
};

export const CREDENTIAL_TYPES = Object.keys(FIELDS);

/** Each type as a person knows it: the API's ids (`together-ai`, `whatsApp`, `http`) are not words. */
const TYPE_NAMES: Record<string, string> = {
  smtp: 'E-mail server (SMTP)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  mistral: 'Mistral',
  groq: 'Groq',
  'together-ai': 'Together AI',
  'open-router': 'OpenRouter',
  deepseek: 'DeepSeek',
  perplexity: 'Perplexity',
  http: 'HTTP request headers',
  stripe: 'Stripe',
  whatsApp: 'WhatsApp',
  telegram: 'Telegram',
};

/** A credentials type's name as the console shows it; an unknown one as the API gives it. */
export function credentialsTypeName(type: string): string {
  return TYPE_NAMES[type] ?? type;
}

/** The form's values as the credentials' data (the shape the API takes). */
function dataOf(type: string, values: Record<string, string | boolean>): Record<string, unknown> {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  if (type === 'smtp') {
    return {
      host: text('host'),
      port: Number(text('port') || 587),
      ...(text('username') ? { username: text('username') } : {}),
      ...(text('password') ? { password: text('password') } : {}),
      ...(values.isTlsEnabled ? { isTlsEnabled: true } : {}),
      from: { email: text('fromEmail'), ...(text('fromName') ? { name: text('fromName') } : {}) },
    };
  }
  if (type === 'http') {
    const headers = text('headers')
      .split('\n')
      .map((line) => line.split(/:(.*)/s).map((part) => part.trim()))
      .filter(([name]) => name);
    return { headers: Object.fromEntries(headers.map(([name, value]) => [name!, value ?? ''])) };
  }
  return Object.fromEntries(
    FIELDS[type]!.filter((field) => text(field.key)).map((field) => [field.key, text(field.key)]),
  );
}

export function CredentialsForm({
  onSave,
  pending,
  types = CREDENTIAL_TYPES,
}: {
  onSave(type: string, name: string, data: Record<string, unknown>): Promise<boolean>;
  pending: boolean;
  /** The types offered (a block's picker adds only the kinds the block takes). */
  types?: readonly string[];
}) {
  const [type, setType] = useState(types.includes('openai') ? 'openai' : (types[0] ?? 'openai'));
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const set = (key: string, value: string | boolean) => setValues((previous) => ({ ...previous, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Cleared once stored: the secret is never on screen again.
    if (await onSave(type, name, dataOf(type, values))) {
      setName('');
      setValues({});
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New credentials">
      <div className="row">
        <label>
          Type
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setValues({});
            }}
          >
            {types.map((each) => (
              <option key={each} value={each}>
                {credentialsTypeName(each)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required />
        </label>
      </div>
      {FIELDS[type]!.map((field) =>
        field.kind === 'checkbox' ? (
          <label key={field.key} className="check">
            <input
              type="checkbox"
              checked={values[field.key] === true}
              onChange={(event) => set(field.key, event.target.checked)}
            />
            {field.label}
          </label>
        ) : field.kind === 'headers' ? (
          <label key={field.key}>
            {field.label}
            <textarea
              rows={3}
              value={String(values[field.key] ?? '')}
              placeholder={field.placeholder}
              onChange={(event) => set(field.key, event.target.value)}
              required
            />
          </label>
        ) : (
          <label key={field.key}>
            {field.label}
            <input
              type={field.kind === 'number' ? 'number' : (field.kind ?? 'text')}
              autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
              value={String(values[field.key] ?? '')}
              placeholder={field.placeholder}
              required={!field.optional}
              onChange={(event) => set(field.key, event.target.value)}
            />
          </label>
        ),
      )}
      <button type="submit" disabled={pending}>
        Add credentials
      </button>
    </form>
  );
}
