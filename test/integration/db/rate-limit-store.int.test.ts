import { loadConfig } from '../../../src/config';
import { postgresStore } from '../../../src/http/rate-limit/stores';
import { createThrowawayDatabase, type ThrowawayDatabase, onPostgres } from '../../helpers/test-database';

// Processes starting together (the workers of `parley serve --workers N`, or
// servers behind one load balancer) each make sure the counters' table exists.

(onPostgres ? describe : describe.skip)('PostgreSQL rate-limit store', () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(() => database.drop());

  it('starts in many processes at once on a database without its table', async () => {
    const config = loadConfig({}).rateLimit;
    const stores = await Promise.all(Array.from({ length: 8 }, () => postgresStore(config, database.url)));
    try {
      // Each one counts in the shared table.
      await Promise.all(stores.map((store) => store.limiters.ip.consume('203.0.113.7')));
      expect((await stores[0]!.limiters.ip.get('203.0.113.7'))?.consumedPoints).toBe(8);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
