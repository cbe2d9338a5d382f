/**
 * Testcontainers for the integration tests' servers (services.ts tries these first when a Docker engine answers).
 *
 * Which image runs: the one `pnpm images` builds from Debian's packages and npm (deploy/images) when the engine has
 * it, since no registry is reachable from the development machines or CI; otherwise the registry's image, pulled as
 * Testcontainers does. `SNAPNOTES_TEST_IMAGES=local` asks for the local images only (a missing one is said and the
 * caller falls back to a local server), `=registry` for the registry's only.
 *
 * Testcontainers' Ryuk (the container that removes a crashed run's containers) comes from a registry too: when its
 * image is not on the engine it is switched off, and each container is stopped by the handle that started it.
 */
import { existsSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';

const REGISTRY_IMAGES = {
  postgres: 'postgres:16-alpine',
  redis: 'redis:7-alpine',
  s3: 'minio/minio:RELEASE.2024-08-29T01-40-52Z',
} as const;
/** What deploy/images/build.sh tags (`--only infra`). */
export const LOCAL_IMAGES = {
  postgres: 'snapnotes/postgres:15',
  redis: 'snapnotes/redis:7',
  s3: 'snapnotes/s3:3.7.1',
} as const;
type Kind = keyof typeof LOCAL_IMAGES;

const DOCKER_PROBE_TIMEOUT_MS = 5_000;
const RYUK_IMAGE = 'testcontainers/ryuk:0.14.0';

export interface Contained<T> {
  value: T;
  /** The image it runs. */
  image: string;
  stop: () => Promise<void>;
}

function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

// ---------------------------------------------------------------------------------------------------------
// Docker detection: cheap checks first, then a time-boxed probe through Testcontainers.

let dockerProbe: Promise<boolean> | undefined;

function dockerCandidates(): string[] {
  const found: string[] = [];
  const dockerHost = env('DOCKER_HOST');
  if (dockerHost) found.push(`DOCKER_HOST=${dockerHost}`);
  if (env('TESTCONTAINERS_HOST_OVERRIDE')) found.push('TESTCONTAINERS_HOST_OVERRIDE');
  const home = homedir();
  const uid = userInfo().uid;
  const files = [
    join(home, '.testcontainers.properties'),
    '/var/run/docker.sock',
    '/run/docker.sock',
    join(home, '.docker/run/docker.sock'),
    join(home, '.docker/desktop/docker.sock'),
    `/run/user/${uid}/docker.sock`,
    ...(env('XDG_RUNTIME_DIR') ? [join(env('XDG_RUNTIME_DIR')!, 'docker.sock')] : []),
  ];
  for (const f of files) if (existsSync(f)) found.push(f);
  return found;
}

/** True when a Docker engine answers. Fast (no import of testcontainers) when there is no sign of one. */
export function detectDocker(timeoutMs = DOCKER_PROBE_TIMEOUT_MS): Promise<boolean> {
  dockerProbe ??= (async () => {
    if (env('SNAPNOTES_TEST_NO_DOCKER')) return false;
    if (dockerCandidates().length === 0) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Docker probe timed out')), timeoutMs);
        timer.unref();
      });
      await Promise.race([getContainerRuntimeClient(), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      if (timer) clearTimeout(timer);
    }
  })();
  return dockerProbe;
}

async function hasImage(name: string): Promise<boolean> {
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  return client.image.exists(ImageName.fromString(name));
}

let ryukChecked: Promise<void> | undefined;

/** Switches Ryuk off when its image is not on the engine (it would be pulled from a registry). */
function ryukOrNone(): Promise<void> {
  ryukChecked ??= (async () => {
    if (env('TESTCONTAINERS_RYUK_DISABLED') || env('RYUK_CONTAINER_IMAGE')) return;
    if (!(await hasImage(RYUK_IMAGE))) process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  })();
  return ryukChecked;
}

/** The image a kind runs here (module comment); undefined when `SNAPNOTES_TEST_IMAGES=local` and it is not built. */
async function imageFor(kind: Kind): Promise<{ name: string; local: boolean } | undefined> {
  const wanted = env('SNAPNOTES_TEST_IMAGES');
  if (wanted === 'registry') return { name: REGISTRY_IMAGES[kind], local: false };
  if (await hasImage(LOCAL_IMAGES[kind])) return { name: LOCAL_IMAGES[kind], local: true };
  if (wanted === 'local') return undefined;
  return { name: REGISTRY_IMAGES[kind], local: false };
}

/**
 * Starts a container of `kind` when a Docker engine answers; undefined when it cannot (no engine, or an image neither
 * present nor pullable, as on an offline machine), so the caller falls through to a local server. Said once on
 * stderr, never silently.
 */
async function tryContainer<T>(
  kind: Kind,
  start: (image: { name: string; local: boolean }) => Promise<Omit<Contained<T>, 'image'>>,
): Promise<Contained<T> | undefined> {
  if (!(await detectDocker())) return undefined;
  try {
    await ryukOrNone();
    const image = await imageFor(kind);
    if (!image) throw new Error(`${LOCAL_IMAGES[kind]} is not built (pnpm images --only infra)`);
    return { ...(await start(image)), image: image.name };
  } catch (err) {
    process.stderr.write(
      `[testing] a Docker engine answers but the ${kind} container did not start (${(err as Error).message.split('\n')[0]}): using a local server\n`,
    );
    return undefined;
  }
}

export function postgresContainer(): Promise<Contained<{ adminUrl: string }> | undefined> {
  return tryContainer('postgres', async (image) => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(image.name).start();
    return { value: { adminUrl: container.getConnectionUri() }, stop: async () => void (await container.stop()) };
  });
}

export function redisContainer(): Promise<Contained<{ url: string }> | undefined> {
  return tryContainer('redis', async (image) => {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer(image.name).start();
    return { value: { url: container.getConnectionUrl() }, stop: async () => void (await container.stop()) };
  });
}

export interface S3Credentials {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const S3_PORT = 9000;

export function s3Container(): Promise<Contained<S3Credentials> | undefined> {
  return tryContainer('s3', async (image) => {
    if (!image.local) {
      const { MinioContainer } = await import('@testcontainers/minio');
      const container = await new MinioContainer(image.name).start();
      return {
        value: {
          endpoint: container.getConnectionUrl(),
          accessKeyId: container.getUsername(),
          secretAccessKey: container.getPassword(),
        },
        stop: async () => void (await container.stop()),
      };
    }
    // deploy/images/s3: s3rver behind a SigV4 check, with the credentials it is given (its own bucket is unused:
    // each caller creates one).
    const { GenericContainer, Wait } = await import('testcontainers');
    const credentials = { accessKeyId: 'snapnotes-test', secretAccessKey: 'snapnotes-test-secret' };
    const container = await new GenericContainer(image.name)
      .withEnvironment({
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_BUCKET: 'snapnotes',
      })
      .withExposedPorts(S3_PORT)
      .withWaitStrategy(Wait.forHealthCheck())
      .withStartupTimeout(60_000)
      .start();
    return {
      value: { endpoint: `http://${container.getHost()}:${container.getMappedPort(S3_PORT)}`, ...credentials },
      stop: async () => void (await container.stop()),
    };
  });
}
