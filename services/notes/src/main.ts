/**
 * Notes worker process (distributed mode): writes each note and completes its upload, idempotently; and runs the
 * sweeper (DECISIONS "Sweeper"), which fails uploads whose gateway died and deletes objects no upload owns.
 */
import { connectDatabase, createStoreFromConfig, runStageWorker } from '@snapnotes/runtime';
import { startSweeper } from './sweeper.js';
import { buildNotesStage } from './wire.js';

await runStageWorker('notes', async (config, logger, metrics) => {
  const db = await connectDatabase(config, logger, { migrate: true });
  const stage = buildNotesStage({ notes: db.repos.notes, logger });
  const store = createStoreFromConfig(config, logger);
  const sweeper = startSweeper({ db: db.db, store, logger, registry: metrics.registry }, config);
  return {
    handlers: { notes: stage.handler },
    readiness: { postgres: () => db.ping() },
    close: async () => {
      await sweeper.stop();
      store.close();
      await db.close();
    },
  };
});
