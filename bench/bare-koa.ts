// The ceiling the summary bench compares Parley to: Koa answering a small JSON
// body to a JSON POST, in its own process like a Parley server. Prints the
// same "listening on" line as `parley serve`.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const app = new Koa();
app.use(async (ctx) => {
  // Read the body, as every chat request does.
  for await (const _chunk of ctx.req) {
    // Drained.
  }
  ctx.body = { messages: [{ id: 'x', type: 'text' }], ok: true };
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
