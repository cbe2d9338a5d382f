export { PipelineFailure } from './failure.js';
export type { PipelineFailureKind } from './failure.js';
export type {
  ForgetJob,
  LostUploadDecision,
  PipelineDriver,
  ProgressPort,
  QueueCounts,
  RunOptions,
  StagesDone,
} from './types.js';
export { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, PRIORITY } from './types.js';
export { PayloadError } from './stages.js';
export { createInProcessDriver } from './in-process.js';
export type { InProcessDriverOptions } from './in-process.js';
export { createBullmqProducer } from './bullmq-producer.js';
export type { BullmqProducer, BullmqProducerOptions } from './bullmq-producer.js';
export { startBullmqWorkers } from './bullmq-workers.js';
export type { StillWanted } from './bullmq-stages.js';
export { createRedisClient } from './redis-client.js';
export type { BullmqWorkers, BullmqWorkersOptions, WorkerTuning } from './bullmq-workers.js';
export { flowIds } from './bullmq-flow.js';
export { createQueueInspector } from './inspector.js';
export type { QueueInspector, QueueInspectorOptions } from './inspector.js';
export { createBullmqImportQueue, createInProcessImportQueue, IMPORTS_QUEUE } from './imports.js';
export type { BullmqImportQueueOptions, ImportHandler, ImportJob, ImportQueue } from './imports.js';
