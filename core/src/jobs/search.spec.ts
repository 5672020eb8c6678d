import { Queue, Worker } from 'bullmq';
import { loadConfig } from '../config/config.js';
import { bullConnection } from './queues.js';
import { requestStartReindex, SEARCH_JOBS } from './search.js';

describe('the start-up reindex (real Redis)', () => {
  const connection = bullConnection(loadConfig());
  const name = `start-reindex-probe-${process.pid}`;
  const queue = new Queue(name, connection);
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('is queued again after a previous one failed, and once while one waits', async () => {
    const failing = new Worker(
      name,
      async () => {
        throw new Error('the index could not be built');
      },
      connection,
    );
    const failed = new Promise((resolve) => failing.once('failed', resolve));
    await requestStartReindex(queue);
    await failed;
    await failing.close();
    const id = `${SEARCH_JOBS.reindex}-start`;
    expect(await (await queue.getJob(id))!.getState()).toBe('failed');

    await requestStartReindex(queue);
    expect(await (await queue.getJob(id))!.getState()).toBe('waiting');
    await requestStartReindex(queue);
    expect(await queue.getWaitingCount()).toBe(1);
  });
});
