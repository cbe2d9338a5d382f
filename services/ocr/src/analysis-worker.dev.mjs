// The analysis worker from TypeScript sources (development, tests, the benchmark): Node 20 does not apply --import
// loaders inside worker threads, so the .ts module is loaded through tsx's API. Built code runs analysis-worker.js.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./analysis-worker.ts', import.meta.url);
export default worker.default;
