// The layer table of docs/architecture.md as rules: each layer imports only what
// its row allows. Cross-cutting modules (config, the error vocabulary, the
// project root, the secret comparison, logs and metrics) may be imported by
// every server layer; the engine, the sandbox and the browser client stay
// free of them.
// Type-only imports count like any other, with one deliberate exception: the
// engine's contracts (src/engine/contracts/: the code runner, the AI request an
// effect describes) are *implemented* by the sandbox and the integrations, so
// they may import those types — never the engine's code, nor its other types.

const crossCutting = '(errors|project-root|same-secret)\\.ts$|config/|observability/';
const engineContracts = 'engine/contracts/';
// A block type's definition (its folder's definition.ts, the generated list of them and what they are made of):
// ids, words and an icon's name only, so the console and the chat bundle may read them.
const blockDefinitions =
  'engine/blocks/(define|definitions)\\.ts$|engine/blocks/generated/definitions\\.ts$|engine/blocks/[^/]+/[^/]+/definition\\.ts$';
// An input's visitor widget: browser code kept in its block's folder, bundled into the chat only.
const blockWidgets = 'engine/blocks/[^/]+/[^/]+/widget\\.ts$';

/** A layer (folder under src/) and the folders/files it may import, as regex alternatives. */
function layer(name, from, allowed, comment, extra = {}) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^src/${from}`, ...(extra.fromNot ? { pathNot: extra.fromNot } : {}) },
    to: { path: '^src/', pathNot: `^src/(${allowed})` },
  };
}

/** The engine's contracts may be imported by `from`, types only. */
function contractTypesOnly(name, from) {
  return {
    name,
    comment: 'The engine contracts this layer implements: types only, never engine code.',
    severity: 'error',
    from: { path: `^src/${from}` },
    to: { path: `^src/${engineContracts}`, dependencyTypesNot: ['type-only'] },
  };
}

module.exports = {
  forbidden: [
    layer(
      'engine-is-pure',
      'engine/',
      'engine/',
      'The engine imports nothing of ours outside src/engine: a pure function of definition, state, reply, clock and random.',
      { fromNot: `^src/${blockWidgets}` },
    ),
    layer(
      'block-definitions-stand-alone',
      `(${blockDefinitions})`,
      blockDefinitions,
      "A block type's definition holds ids, words and an icon's name only: the console and the chat bundle import it without the engine.",
    ),
    layer(
      'block-widgets-are-browser-code',
      blockWidgets,
      `web/widgets/(kit|widget)\\.ts$|${blockDefinitions}`,
      "A visitor widget is built from the widget kit and its block's definition: no engine code reaches the chat bundle.",
    ),
    {
      name: 'engine-runtime-without-widgets',
      comment: 'Only the chat bundle loads visitor widgets: they are DOM code, and the engine runs on the server.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/web/' },
      to: { path: `^src/${blockWidgets}` },
    },
    layer(
      'sandbox-stands-alone',
      'sandbox/',
      `sandbox/|${engineContracts}`,
      'The sandbox runs bot-author code and imports nothing of ours but the runner contract it implements.',
      { fromNot: '^src/sandbox/worker\\.ts$' },
    ),
    // Code's fetch leaves from the worker thread, through the one way out to the network (the outbound guard).
    layer(
      'sandbox-worker-network',
      'sandbox/worker\\.ts$',
      `sandbox/|${engineContracts}|integrations/http/`,
      'The sandbox worker reaches the network only through integrations/http.',
    ),
    contractTypesOnly('sandbox-contract-types-only', 'sandbox/'),
    layer('db-stands-alone', 'db/', `db/|${crossCutting}`, 'The database layer knows only its generated client.'),
    layer(
      'integrations-are-adapters',
      'integrations/',
      `integrations/|${engineContracts}|${crossCutting}`,
      'Integrations adapt an outside system; they know nothing of services, GraphQL or HTTP.',
    ),
    contractTypesOnly('integrations-contract-types-only', 'integrations/'),
    layer(
      'services-below-the-api',
      'services/',
      `services/|engine/|db/|integrations/|sandbox/|${crossCutting}`,
      'Services use the engine, the database, integrations and the sandbox, never the API layers above them.',
    ),
    layer(
      'graphql-over-services',
      'graphql/',
      `graphql/|services/|${crossCutting}`,
      'GraphQL types and resolvers reach data through services only.',
      {
        fromNot: '^src/graphql/builder\\.ts$',
      },
    ),
    // The Prisma plugin needs the generated model types and datamodel, given once to the builder.
    layer(
      'graphql-builder-prisma-types',
      'graphql/builder\\.ts$',
      `graphql/|services/|db/generated/pothos-types\\.ts$|${crossCutting}`,
      'Only the builder sees the Prisma plugin types.',
    ),
    layer(
      'rest-executes-graphql',
      'rest/',
      `rest/|graphql/|${crossCutting}`,
      'A REST route is data executing a GraphQL operation.',
    ),
    // A blank bot and the starter templates are engine/shapes/ data; edit_bot's input schema is the edit list editBot parses.
    layer(
      'mcp-executes-graphql',
      'mcp/',
      `mcp/|graphql/|rest/operations\\.ts$|engine/shapes/|engine/definition/edits/schema\\.ts$|${blockDefinitions}|${crossCutting}`,
      "An assistant's tool runs GraphQL operations, like a REST route.",
    ),
    layer(
      'http-serves-apis',
      'http/',
      `http/|graphql/|rest/|mcp/|${crossCutting}`,
      'The HTTP layer mounts GraphQL and REST; it reaches services only through them.',
      {
        fromNot: '^src/http/(uploads|channel-webhooks)\\.ts$',
      },
    ),
    // File bytes are not a GraphQL operation: the upload and download handlers call the uploads service.
    layer(
      'http-file-transfer',
      'http/uploads\\.ts$',
      `http/|graphql/|rest/|services/uploads\\.ts$|${crossCutting}`,
      'Only the file transfer handlers reach a service directly.',
    ),
    // A provider's webhook is not a GraphQL operation: its signature covers the raw bytes of the body.
    layer(
      'http-channel-webhooks',
      'http/channel-webhooks\\.ts$',
      `http/|graphql/|rest/|services/channels/|${crossCutting}`,
      "Only the providers' webhook handlers reach the channels' services directly.",
    ),
    // The shapes of values and the contrast of colours are shared with the console, which checks fields as they are typed.
    layer(
      'web-is-a-separate-bundle',
      'web/',
      `web/|engine/shapes/|${blockDefinitions}|${blockWidgets}`,
      "The browser client talks to the server over HTTP only (it shares the pure engine/shapes/ checks, block definitions and the inputs' widgets).",
    ),
    layer(
      'engine-shapes-stand-alone',
      'engine/shapes/',
      'engine/shapes/',
      'The console bundles engine/shapes/: it imports nothing else, or the engine would follow it into the browser.',
    ),
    {
      ...layer(
        'cross-cutting-stands-alone',
        '(errors|project-root|same-secret)\\.ts$|^src/config/|^src/observability/',
        `${crossCutting}`,
        'Cross-cutting modules run no code of the layers (else every layer would depend on them); the config may name the option types of the layers it configures.',
      ),
      to: { path: '^src/', pathNot: `^src/(${crossCutting})`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Cycles hide layering mistakes and make load order fragile.',
      from: { path: '^src/' },
      // Type-only imports count too: a type cycle still ties two modules' designs together.
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated Prisma clients are large and import only each other.
    exclude: { path: '^src/db/generated/(?!pothos-types)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // .tsx: the console's relative imports are followed like the rest.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
