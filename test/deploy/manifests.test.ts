import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

import { CONFIG_VARIABLES, loadConfig, SETTINGS } from '../../src/platform/config.ts';

/**
 * The deploy artefacts (issue 31 Build 4, decision 0062), checked offline. Kubernetes objects are
 * validated against the JSON schemas the `kubernetes-models` package generates from Kubernetes'
 * own OpenAPI document (no cluster here); then what a schema cannot know: the ports, paths and
 * variable names are the application's, the settings load, and the stop sequence adds up.
 */
const deploy = join(process.cwd(), 'deploy');
const k8sDir = join(deploy, 'kubernetes');
const names = new Set(CONFIG_VARIABLES.map((variable) => variable.name));

type Obj = Record<string, unknown>;
interface Container {
  name: string;
  args?: string[];
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
  startupProbe?: { httpGet: { path: string; port: string } };
  lifecycle?: { preStop?: { exec: { command: string[] } } };
  resources?: { requests?: Obj; limits?: Obj };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec: Obj & {
    template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
    selector?: { matchLabels: Record<string, string> };
    scaleTargetRef?: { kind: string; name: string };
    metrics?: Obj[];
  };
}

const manifestFiles = readdirSync(k8sDir).filter(
  (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
);
/** As written, for the schema; `objects` below gives ConfigMaps and Secrets an empty spec. */
const documents: K8sObject[] = manifestFiles.flatMap((file) =>
  parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return doc.toJS() as K8sObject;
  }),
);
const objects = documents.map((o) => ({
  ...o,
  spec: (o.spec as K8sObject['spec'] | undefined) ?? {},
}));
const find = (kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const container = (o: K8sObject): Container => {
  const first = o.spec.template?.spec.containers[0];
  if (!first) throw new Error(`${o.metadata.name} has no container`);
  return first;
};

/** `kubernetes-models/<group>/<version>/<Kind>`: the class whose validate() applies the schema. */
async function schemaCheck(o: K8sObject): Promise<void> {
  const [group, version] = o.apiVersion.includes('/')
    ? o.apiVersion.split('/')
    : ['', o.apiVersion];
  const path = ['kubernetes-models', group, version, o.kind].filter(Boolean).join('/');
  const module = (await import(path)) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  const Model = module[o.kind];
  if (!Model) throw new Error(`no model for ${o.apiVersion} ${o.kind}`);
  new Model(o).validate();
}

describe('Kubernetes manifests', () => {
  it('every file is in the kustomization, and every object passes the Kubernetes schema', async () => {
    const kustomization = parse(readFileSync(join(k8sDir, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual([...manifestFiles].sort());
    expect(objects.map((o) => o.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'Deployment',
        'HorizontalPodAutoscaler',
        'HorizontalPodAutoscaler',
        'Job',
        'PodDisruptionBudget',
        'PodDisruptionBudget',
        'Secret',
        'Service',
      ].sort(),
    );
    for (const o of documents) await schemaCheck(o);
  });

  it('a schema violation is caught (the check can fail)', async () => {
    const api = structuredClone(find('Deployment', 'tranche-api'));
    (api.spec as Obj)['replicas'] = 'two';
    await expect(schemaCheck(api)).rejects.toThrow();
  });

  it('probes, ports and commands are the application’s own', () => {
    const api = container(find('Deployment', 'tranche-api'));
    const worker = container(find('Deployment', 'tranche-worker'));
    const job = container(find('Job', 'tranche-migrate'));
    expect([api.args, worker.args, job.args]).toEqual([['api'], ['worker'], ['migrate']]);
    const envValue = (c: Container, name: string) => c.env?.find((e) => e.name === name)?.value;
    // PORT and WORKER_METRICS_PORT set to the ports the probes and Services use.
    expect(Number(envValue(api, 'PORT'))).toBe(api.ports?.[0]?.containerPort);
    expect(api.ports?.[0]?.containerPort).toBe(SETTINGS.PORT.default);
    expect(Number(envValue(worker, 'WORKER_METRICS_PORT'))).toBe(worker.ports?.[0]?.containerPort);
    expect(worker.ports?.[0]?.containerPort).toBe(SETTINGS.WORKER_METRICS_PORT.default);
    for (const c of [api, worker]) {
      expect(envValue(c, 'HOST')).toBe('0.0.0.0');
      const port = c.ports?.[0]?.name;
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port });
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port });
      expect(c.startupProbe?.httpGet.path).toBe('/healthz');
      expect(c.resources?.requests).toHaveProperty('cpu');
      expect(c.resources?.limits).toHaveProperty('memory');
    }
    const service = find('Service', 'tranche-api');
    expect(service.spec['selector']).toEqual(
      find('Deployment', 'tranche-api').spec.selector?.matchLabels,
    );
  });

  it('an API stop: preStop, then SHUTDOWN_DRAIN_MS failing /readyz, inside the grace period', () => {
    const deployment = find('Deployment', 'tranche-api');
    const api = container(deployment);
    const command = api.lifecycle?.preStop?.exec.command ?? [];
    expect(command[0]).toBe('sleep');
    const preStopS = Number(command[1]);
    const drainS = Number(find('ConfigMap', 'tranche-config').data?.['SHUTDOWN_DRAIN_MS']) / 1000;
    const readiness = (api.readinessProbe ?? {}) as { periodSeconds?: number };
    // The API's own drain outlasts a readiness period, so a balancer polling /readyz sees it.
    expect(drainS).toBeGreaterThan(readiness.periodSeconds ?? 10);
    expect(deployment.spec.template?.spec.terminationGracePeriodSeconds).toBeGreaterThan(
      preStopS + drainS + 20,
    );
  });

  it('pods run as a non-root user; budgets and autoscalers point at the Deployments', () => {
    for (const o of objects.filter((x) => x.spec.template)) {
      expect(o.spec.template?.spec.securityContext?.runAsNonRoot, o.metadata.name).toBe(true);
      expect(o.spec.template?.spec.securityContext?.runAsUser).toBe(1000);
    }
    for (const name of ['tranche-api', 'tranche-worker']) {
      const deployment = find('Deployment', name);
      expect(find('PodDisruptionBudget', name).spec.selector).toEqual(deployment.spec.selector);
      expect(deployment.spec.template?.metadata?.labels).toMatchObject(
        deployment.spec.selector?.matchLabels ?? { missing: true },
      );
      expect(find('HorizontalPodAutoscaler', name).spec.scaleTargetRef).toMatchObject({
        kind: 'Deployment',
        name,
      });
    }
    const apiMetric = JSON.stringify(find('HorizontalPodAutoscaler', 'tranche-api').spec.metrics);
    expect(apiMetric).toContain('"name":"cpu"');
    const workerMetric = JSON.stringify(
      find('HorizontalPodAutoscaler', 'tranche-worker').spec.metrics,
    );
    // The gauge the worker exports (src/main/worker-monitoring.ts).
    expect(workerMetric).toContain('tranche_collection_lag_seconds');
    const monitoring = readFileSync(join('src', 'main', 'worker-monitoring.ts'), 'utf8');
    expect(monitoring).toContain("'tranche_collection_lag_seconds'");
  });

  it('settings come from the ConfigMap and the Secret, name only real variables, and load in production', () => {
    const configMap = find('ConfigMap', 'tranche-config').data ?? {};
    const secret = find('Secret', 'tranche-secrets').stringData ?? {};
    for (const o of objects.filter((x) => x.spec.template)) {
      const c = container(o);
      expect(c.envFrom, o.metadata.name).toEqual([
        { configMapRef: { name: 'tranche-config' } },
        { secretRef: { name: 'tranche-secrets' } },
      ]);
      for (const e of c.env ?? []) expect(names, e.name).toContain(e.name);
    }
    for (const name of [...Object.keys(configMap), ...Object.keys(secret)]) {
      expect(names, name).toContain(name);
    }
    // Secrets only in the Secret.
    for (const name of [
      'DATABASE_URL',
      'JWT_PRIVATE_KEY',
      'ENCRYPTION_KEY',
      'GATEWAY_SECRET_KEY',
    ]) {
      expect(Object.keys(secret)).toContain(name);
      expect(Object.keys(configMap)).not.toContain(name);
    }
    // With the placeholders filled in, production starts: nothing required is missing.
    const filled = {
      ...configMap,
      ...secret,
      JWT_PRIVATE_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HOST: '0.0.0.0',
    };
    expect(loadConfig(filled).env).toBe('production');
  });
});

describe('the staging compose file and the image', () => {
  interface Service {
    command?: string[];
    profiles?: string[];
    environment?: Record<string, string>;
    depends_on?: Record<string, { condition: string }>;
    build?: { context: string; dockerfile: string };
  }
  const compose = parse(readFileSync(join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const services = compose.services;

  it('PostgreSQL, Redis, migrations once, 2 APIs, 2 workers, the sandbox gateway on request', () => {
    const byCommand = (command: string) =>
      Object.keys(services).filter((name) => services[name]?.command?.[0] === command);
    expect(byCommand('api')).toHaveLength(2);
    expect(byCommand('worker')).toHaveLength(2);
    expect(byCommand('migrate')).toEqual(['migrate']);
    expect(services['sandbox-gateway']?.profiles).toEqual(['sandbox']);
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis']));
    for (const name of [...byCommand('api'), ...byCommand('worker')]) {
      expect(services[name]?.depends_on?.['migrate']?.condition, name).toBe(
        'service_completed_successfully',
      );
      expect(services[name]?.build?.dockerfile).toBe('deploy/Dockerfile');
    }
    expect(services['migrate']?.depends_on?.['postgres']?.condition).toBe('service_healthy');
  });

  it('names only real variables, and its example env file loads in production once filled', () => {
    for (const service of Object.values(services)) {
      for (const name of Object.keys(service.environment ?? {})) {
        if (!name.startsWith('POSTGRES_')) expect(names, name).toContain(name);
      }
    }
    const example = Object.fromEntries(
      readFileSync(join(deploy, 'staging.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const at = line.indexOf('=');
          return [line.slice(0, at), line.slice(at + 1).replace(/^"(.*)"$/, '$1')];
        }),
    );
    for (const name of Object.keys(example)) expect(names, name).toContain(name);
    const filled = {
      ...example,
      ...services['api-1']?.environment,
      JWT_PRIVATE_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    expect(loadConfig(filled).env).toBe('production');
  });

  it('the image: multi-stage on Node 22, the production build, non-root, a healthcheck', () => {
    const dockerfile = readFileSync(join(deploy, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-/m);
    expect(dockerfile.match(/^FROM \$\{NODE_IMAGE\} AS \w+$/gm)).toHaveLength(2);
    expect(dockerfile).toContain('RUN node scripts/build-production.ts /app');
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev /m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "deploy\/healthcheck.mjs"\]$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "bin\/tranche.mjs"\]$/m);
  });
});
