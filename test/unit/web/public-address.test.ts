import { reachableByMeta } from '../../../src/web/console/pages/channels/public-address';

// The WhatsApp card warns when its callback URL is one Meta cannot call.

test.each([
  ['https://parley.example.com/v1/workspaces/w/whatsapp/c/webhook', true],
  ['http://parley.example.com/v1/workspaces/w/whatsapp/c/webhook', false],
  ['http://localhost:3000/v1/workspaces/w/whatsapp/c/webhook', false],
  ['https://localhost/v1/x', false],
  ['https://127.0.0.1:8443/v1/x', false],
  ['https://[::1]/v1/x', false],
  ['https://192.168.1.20/v1/x', false],
  ['https://10.0.0.5/v1/x', false],
  ['https://172.20.0.2/v1/x', false],
  ['https://172.32.0.2/v1/x', true],
])('%s: reachable by Meta %s', (address, reachable) => {
  expect(reachableByMeta(address)).toBe(reachable);
});
