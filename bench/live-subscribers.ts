// The live bench's subscribers, in a worker thread of their own: reading 100
// streams is then not work done on the server's event loop (bench/live.ts).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface SubscribersInput {
  base: string;
  botId: string;
  token: string;
  count: number;
}

/** Sent to the parent: all streams open, each `answered` event at the first subscriber (absolute ms), the total delivered on request. */
export type SubscribersMessage =
  { type: 'ready' } | { type: 'answered'; resultId: string; at: number } | { type: 'delivered'; count: number };

const input = workerData as SubscribersInput;
const send = (message: SubscribersMessage) => parentPort!.postMessage(message);
let delivered = 0;

function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${input.base}/v1/bots/${input.botId}/results/live`,
      { headers: { authorization: `Bearer ${input.token}` } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`live stream ${response.statusCode}`));
        let pending = '';
        response.setEncoding('utf8');
        response.once('data', () => resolve());
        response.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            if (!block.startsWith('data: ')) continue;
            const event = JSON.parse(block.slice(6)) as { resultId: string; event: string };
            if (event.event !== 'answered') continue;
            delivered += 1;
            if (index === 0)
              send({ type: 'answered', resultId: event.resultId, at: performance.timeOrigin + performance.now() });
          }
        });
      },
    );
    request.on('error', reject);
  });
}

parentPort!.on('message', (message: string) => {
  if (message === 'report') send({ type: 'delivered', count: delivered });
  if (message === 'stop') process.exit(0);
});

void (async () => {
  for (let index = 0; index < input.count; index += 1) await open(index);
  send({ type: 'ready' });
})();
