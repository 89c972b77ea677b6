// Settings of what Parley keeps and sends: uploaded files, credentials, the server's SMTP.
import { optionalGroup } from '../group';
import { flag, integer, sender, size, text } from '../setting';

export const uploads = {
  maxBytes: size({
    env: 'PARLEY_UPLOAD_MAX_BYTES',
    unit: 'bytes',
    default: 10 * 1024 * 1024,
    doc: 'no uploaded file is larger, whatever its block allows',
  }),
  dir: text({
    env: 'PARLEY_UPLOADS_DIR',
    defaultText: '`uploads/` beside the SQLite file, else `./data/uploads`',
    doc: 'where uploaded files are kept on the local disk',
  }),
  /** Images builders upload for bots (uploadBotAsset, 1 MB each). */
  botAssets: {
    perBot: integer({
      env: 'PARLEY_BOT_ASSETS_PER_BOT',
      default: 50,
      doc: 'images (theme avatars) one bot keeps; an upload past it is refused (400)',
    }),
    workspaceBytes: size({
      env: 'PARLEY_BOT_ASSETS_WORKSPACE_MB',
      unit: 'MB',
      default: 100,
      doc: "images of all of a workspace's bots together; an upload past it is refused (400). Deleting a bot frees its images",
    }),
  },
};

/** Uploaded files in an S3-compatible bucket instead of the local disk: on when the bucket is named. */
export const s3 = optionalGroup('bucket', {
  bucket: text({ env: 'PARLEY_S3_BUCKET', defaultText: 'unset (local disk)', doc: 'the bucket' }),
  region: text({ env: 'PARLEY_S3_REGION', default: 'us-east-1', doc: "the bucket's region" }),
  endpoint: text({
    env: 'PARLEY_S3_ENDPOINT',
    defaultText: 'AWS',
    doc: "a non-AWS service's URL (MinIO: `http://minio:9000`)",
  }),
  accessKeyId: text({
    env: 'PARLEY_S3_ACCESS_KEY_ID',
    defaultText: "the AWS SDK's default chain",
    doc: "the bucket's access key",
  }),
  secretAccessKey: text({
    env: 'PARLEY_S3_SECRET_ACCESS_KEY',
    defaultText: "the AWS SDK's default chain",
    doc: "the bucket's secret key",
  }),
  // Self-hosted services (MinIO) need path-style addresses; AWS takes virtual-hosted ones.
  forcePathStyle: flag({
    env: 'PARLEY_S3_FORCE_PATH_STYLE',
    default: (env) => Boolean(env.PARLEY_S3_ENDPOINT),
    defaultText: '`true` with an endpoint, else `false`',
    doc: 'path-style addresses (MinIO)',
  }),
  prefix: text({ env: 'PARLEY_S3_PREFIX', defaultText: 'none', doc: 'keys go under this prefix' }),
});

export const credentials = {
  encryptionKey: text({
    env: 'PARLEY_ENCRYPTION_KEY',
    defaultText: 'generated (SQLite)',
    doc:
      '32 bytes in base64 (`openssl rand -base64 32`): the key credentials are encrypted with (AES-256-GCM). ' +
      'On SQLite the first start generates `encryption.key` beside the database file (back it up with it); ' +
      'PostgreSQL deployments must set it, the same on every server',
  }),
};

/** The server's own SMTP provider (Send e-mail blocks with `default` credentials, sign-in links): on with a host. */
export const smtp = optionalGroup(
  'host',
  {
    host: text({ env: 'PARLEY_SMTP_HOST', deprecated: ['SMTP_HOST'], defaultText: 'unset (no e-mail)', doc: 'host' }),
    port: integer({ env: 'PARLEY_SMTP_PORT', deprecated: ['SMTP_PORT'], default: 587, max: 65535, doc: 'port' }),
    username: text({ env: 'PARLEY_SMTP_USERNAME', deprecated: ['SMTP_USERNAME'], defaultText: 'none', doc: 'user' }),
    password: text({
      env: 'PARLEY_SMTP_PASSWORD',
      deprecated: ['SMTP_PASSWORD'],
      defaultText: 'none',
      doc: 'password',
    }),
    secure: flag({
      env: 'PARLEY_SMTP_SECURE',
      deprecated: ['SMTP_SECURE'],
      default: false,
      doc: 'TLS from the first byte (port 465); otherwise STARTTLS when the server offers it',
    }),
    from: sender({
      env: 'PARLEY_SMTP_FROM',
      deprecated: ['SMTP_FROM'],
      defaultText: 'required with a host',
      doc: 'the sender of e-mails, `Name <address>`',
    }),
  },
  { from: 'the sender of bot e-mails, e.g. "Parley <bot@example.com>"' },
);
