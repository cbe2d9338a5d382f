import { defineConfig } from 'tsup';
import { serviceBuild } from '../../tools/tsup.service.js';

export default defineConfig(
  serviceBuild({
    main: 'src/main.ts',
    'analysis-worker': 'src/analysis-worker.ts',
    // PaddleOCR's worker thread (src/paddle/pool.ts looks for paddle-worker.js beside the bundle that imports it).
    'paddle-worker': 'src/paddle/paddle-worker.ts',
    // Its host process (src/paddle/pool.ts forks paddle-host.js beside the bundle that imports it).
    'paddle-host': 'src/paddle/host.ts',
  }),
);
