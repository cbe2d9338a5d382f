// The recording logger is shared by the services' tests; it lives in packages/testing.
export { recordingLogger, type LogEntry } from '@snapnotes/testing/logger';
