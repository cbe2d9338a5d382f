/**
 * `pnpm start`: the whole product on one machine with nothing configured (DESIGN §1, embedded mode).
 * Starts embedded PostgreSQL, s3rver and the Firebase Auth emulator unless the environment points at real ones,
 * then the gateway with every stage in this process. Data lives in DATA_DIR (.data) and survives restarts.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, loadConfigWith, loadDotEnv, rawEnv } from '@snapnotes/config';
import { startAuthEmulator, startLocalPostgres, startLocalS3 } from '@snapnotes/local-services';
import { createLogger, logProcessWarnings, onShutdown } from '@snapnotes/runtime';
import { startSnapNotes } from './app.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  loadDotEnv(resolve(repoRoot, '.env'));
  const base = loadConfig();
  const logger = createLogger(base, 'snapnotes');
  logProcessWarnings(logger);
  for (const warning of base.warnings) logger.warn(warning);
  const dataDir = resolve(repoRoot, base.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const overrides: Record<string, string> = {};
  const stops: Array<[string, () => Promise<unknown>]> = [];
  try {
    await startEverything();
  } catch (err) {
    // Stop whatever did start, so a failed start leaves no Postgres or emulator behind.
    for (const [name, stop] of stops.reverse())
      await stop().catch((e: unknown) => logger.error({ err: e, name }, 'stop failed'));
    throw err;
  }

  async function startEverything(): Promise<void> {
    if (!base.DATABASE_URL) {
      const pg = await startLocalPostgres({
        dir: resolve(dataDir, 'pg'),
        port: base.EMBEDDED_PG_PORT,
        database: 'snapnotes',
        onLog: (line) => logger.debug({ component: 'postgres' }, line),
      });
      overrides.DATABASE_URL = pg.url;
      stops.push(['postgres', () => pg.stop()]);
      logger.info({ port: base.EMBEDDED_PG_PORT, dir: resolve(dataDir, 'pg') }, 'embedded PostgreSQL started');
    }
    if (!base.S3_ENDPOINT) {
      const s3 = await startLocalS3({
        dir: resolve(dataDir, 's3'),
        port: base.EMBEDDED_S3_PORT,
        buckets: [base.S3_BUCKET],
      });
      Object.assign(overrides, {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      });
      stops.push(['s3', () => s3.stop()]);
      logger.info({ endpoint: s3.endpoint }, 'embedded S3 (s3rver) started');
    }
    if (base.firebaseMode === 'none') {
      const authDir = resolve(dataDir, 'auth');
      const emulator = await startAuthEmulator({
        port: base.EMBEDDED_AUTH_PORT,
        hubPort: base.EMBEDDED_AUTH_HUB_PORT,
        loggingPort: base.EMBEDDED_AUTH_LOGGING_PORT,
        workDir: authDir,
        // Accounts persist across restarts, so a returning user keeps the same uid and their notes.
        persistDir: resolve(authDir, 'export'),
        env: { PATH: rawEnv('PATH') },
        onLog: (line) => logger.debug({ component: 'auth-emulator' }, line),
      });
      // The emulator it started on loopback (config refuses it with NODE_ENV=production).
      Object.assign(overrides, {
        AUTH_EMULATOR: '1',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: emulator.projectId,
      });
      stops.push(['auth emulator', () => emulator.stop()]);
      logger.info({ url: emulator.url }, 'Firebase Auth emulator started');
    }
    if (!base.WEB_DIST_DIR) overrides.WEB_DIST_DIR = resolve(repoRoot, 'web/dist');

    const config = loadConfigWith(overrides);
    const running = await startSnapNotes(config, logger);
    onShutdown(logger, [['snapnotes', () => running.close()], ...[...stops].reverse()]);
    logger.info({ url: running.url, queue: config.REDIS_URL ? 'bullmq' : 'in-process' }, 'SnapNotes is ready');
    process.stdout.write(`\n  SnapNotes is running at ${running.url}\n  Press Ctrl+C to stop.\n\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `SnapNotes failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
