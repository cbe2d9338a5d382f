import { defineConfig } from 'tsup';
import { serviceBuild } from '../../tools/tsup.service.js';

export default defineConfig(serviceBuild({ main: 'src/main.ts', 'analysis-worker': 'src/analysis-worker.ts' }));
