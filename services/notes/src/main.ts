/** Notes worker process (distributed mode): writes each note and completes its upload, idempotently. */
import { connectDatabase, runStageWorker } from '@snapnotes/runtime';
import { buildNotesStage } from './wire.js';

await runStageWorker('notes', async (config, logger) => {
  const db = await connectDatabase(config, logger, { migrate: true });
  const stage = buildNotesStage({ notes: db.repos.notes, logger });
  return { handlers: { notes: stage.handler }, readiness: { postgres: () => db.ping() }, close: () => db.close() };
});
