/** What deploy/kubernetes/base says about scaling: the KEDA targets and bounds, the gateway HPA's maximum. */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const KUBERNETES_BASE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../deploy/kubernetes/base');

interface Doc {
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    maxReplicaCount?: number;
    minReplicaCount?: number;
    maxReplicas?: number;
    triggers?: { type: string; metadata: Record<string, string> }[];
  };
}

function docs(file: string): Doc[] {
  return parseAllDocuments(readFileSync(join(KUBERNETES_BASE, file), 'utf8')).map((d) => d.toJS() as Doc);
}

export interface ManifestScaling {
  /** Per ScaledObject (named after its Deployment): its listLength target (one for all its triggers) and bounds. */
  scaled: Record<string, { target: number; min: number; max: number }>;
  gatewayMaxReplicas: number;
}

export function readManifestScaling(): ManifestScaling {
  const scaled: ManifestScaling['scaled'] = {};
  for (const d of docs('keda.yaml')) {
    if (d.kind !== 'ScaledObject') continue;
    const targets = new Set((d.spec?.triggers ?? []).map((t) => Number(t.metadata.listLength)));
    if (targets.size !== 1) throw new Error(`${d.metadata?.name}: its triggers disagree on listLength`);
    scaled[d.metadata!.name!] = {
      target: [...targets][0]!,
      min: d.spec?.minReplicaCount ?? 0,
      max: d.spec?.maxReplicaCount ?? 100,
    };
  }
  const hpa = docs('gateway.yaml').find((d) => d.kind === 'HorizontalPodAutoscaler');
  return { scaled, gatewayMaxReplicas: hpa?.spec?.maxReplicas ?? 0 };
}
