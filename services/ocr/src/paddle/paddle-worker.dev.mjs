// The PaddleOCR worker from TypeScript sources (development, tests, measurements): Node 20 does not apply --import
// loaders inside worker threads, so the .ts module is loaded through tsx's API. Built code runs paddle-worker.js.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./paddle-worker.ts', import.meta.url);
export default worker.default;
