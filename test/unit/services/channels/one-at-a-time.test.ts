import { oneAtATime } from '../../../../src/services/channels/one-at-a-time';

test('calls run one after another, each answered its own value, a failure not stopping the next', async () => {
  const log: string[] = [];
  let calls = 0;
  const task = oneAtATime(async () => {
    const call = (calls += 1);
    log.push(`start ${call}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`end ${call}`);
    if (call === 2) throw new Error('second failed');
    return call;
  });
  const outcomes = await Promise.allSettled([task(), task(), task()]);
  expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : outcome.reason.message))).toEqual([
    1,
    'second failed',
    3,
  ]);
  expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
});
