import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { PLANS, ROUTES, SOCKET_PATH } from '@cloud9/contracts';
import { loadSettings } from '../../src/config/settings';
import { bootApp, type TestApp } from '../support/app';
import { freePort, startNginx, type RunningNginx } from '../support/nginx';

/**
 * The Dockerfile, docker-compose.yml, its nginx config and the Kubernetes manifests against the app:
 * every environment name they set is a setting the app reads, the Kubernetes ConfigMap and Secret
 * name every setting (so neither side can drift), values parse, ports and probe paths are the app's,
 * and nothing runs as root.
 */

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * Every environment name loadSettings reads, found by watching it read: once with nothing set, once
 * with the S3 driver chosen (its settings are read only then).
 */
function settingNames(): Set<string> {
  const names = new Set<string>();
  const watching = (values: Record<string, string>) =>
    new Proxy(values, { get: (target, key) => (typeof key === 'string' ? (names.add(key), target[key]) : undefined) }) as NodeJS.ProcessEnv;
  loadSettings(watching({}), false);
  loadSettings(watching({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }), false);
  return names;
}

const settings = settingNames();

/** Credentials, and addresses that carry them: the Secret's, never the ConfigMap's (RATE_LIMIT_PASSWORD is a limit). */
const isSecret = (name: string) => !name.startsWith('RATE_LIMIT_') && /SECRET|PASSWORD|TOKEN|API_KEY|ACCESS_KEY|PRIVATE_KEY|ENCRYPTION_KEY|DATABASE_URL|DATABASE_READ_URL|REDIS_URL|SMTP_URL|WEBHOOK/.test(name);
const defaultPort = loadSettings({} as NodeJS.ProcessEnv, false).port;
/** What an operator sets where a deploy file requires a secret (compose's `${NAME:?…}`, the Secret's empty SESSION_SECRET). */
const OPERATOR_SECRET = 'an-operator-supplied-secret-0123456789';
/**
 * The env of a compose service, with `${NAME:-default}` as its default (what compose gives with
 * nothing set) and `${NAME:?…}` (compose refuses to start without it) as a value the operator set.
 */
const interpolated = (env: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, String(v ?? '').replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1').replace(/\$\{[A-Z_]+:\?[^}]*\}/g, OPERATOR_SECRET)]),
  );
/** Credentials compose passes to the services it runs (the app's, PostgreSQL's, MinIO's); addresses carry them by `${…}`. */
const isComposeSecret = (name: string) => !name.startsWith('RATE_LIMIT_') && /SECRET|PASSWORD|TOKEN|API_KEY/.test(name);
const largestUploadKb = Math.max(...PLANS.map((p) => p.mediaLimit));

describe('deploy files', () => {
  it('knows every setting name the app reads', () => {
    expect(settings.size).toBeGreaterThan(50);
    const scaling = ['DATABASE_READ_URL', 'METRICS_PORT', 'METRICS_TOKEN', 'LOG_FORMAT', 'LOG_LEVEL', 'STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_URL'];
    for (const name of scaling) expect(settings).toContain(name);
  });

  describe('Dockerfile', () => {
    const lines = read('Dockerfile')
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    const stages = lines.reduce<string[][]>((all, line) => (line.startsWith('FROM ') ? [...all, [line]] : (all[all.length - 1].push(line), all)), []);
    const runtime = stages[stages.length - 1];

    it('builds in stages and runs the last one as the unprivileged node user (uid 1000)', () => {
      expect(stages.length).toBeGreaterThanOrEqual(2);
      expect(runtime.filter((l) => l.startsWith('COPY ') && !l.startsWith('COPY --from=')).length).toBe(0);
      const users = runtime.filter((l) => l.startsWith('USER '));
      expect(users.at(-1)).toBe('USER node');
      // Nothing after USER runs as root again.
      expect(runtime.slice(runtime.indexOf(users.at(-1)!)).some((l) => /^USER (root|0)\b/.test(l))).toBe(false);
      expect(runtime.at(-1)).toBe('CMD ["node", "backend/dist/main.js"]');
    });

    it('exposes the port it sets, and checks health on the liveness probe', () => {
      expect(runtime.join('\n')).toMatch(new RegExp(`\\bPORT=${defaultPort}\\b`));
      expect(runtime).toContain(`EXPOSE ${defaultPort}`);
      const check = runtime.find((l) => l.startsWith('HEALTHCHECK '));
      expect(check).toContain(ROUTES.health.live.path);
      const envNames = runtime.filter((l) => l.startsWith('ENV ')).flatMap((l) => [...l.matchAll(/([A-Z_]+)=/g)].map((m) => m[1]));
      for (const name of envNames) expect(settings).toContain(name);
    });
  });

  describe('docker-compose.yml', () => {
    // yaml's answers are untyped: the assertions below are the schema.
    const { services } = parse(read('docker-compose.yml'), { merge: true });
    const appServices = Object.entries<{ image?: string; environment: Record<string, unknown> }>(services).filter(([, s]) => s.image === 'cloud9-social');

    it('runs PostgreSQL, Redis with AOF and noeviction, MinIO, 2+ API instances, a worker and a load balancer', () => {
      expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'api', 'worker', 'lb']));
      const redis = (services.redis.command as string[]).join(' ');
      expect(redis).toContain('--appendonly yes');
      expect(redis).toContain('--maxmemory-policy noeviction');
      expect(services.api.deploy.replicas).toBeGreaterThanOrEqual(2);
      expect(services.api.environment.ROLE).toBe('api');
      expect(services.worker.environment.ROLE).toBe('worker');
      expect(services.lb.volumes).toContain('./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf:ro');
      expect(appServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
    });

    it('sets only settings the app reads, with values it accepts', () => {
      for (const [, service] of appServices) {
        const env = interpolated(service.environment);
        for (const name of Object.keys(env)) expect(settings).toContain(name);
        const parsed = loadSettings(env as NodeJS.ProcessEnv, false);
        expect(parsed.port).toBe(defaultPort);
        expect(parsed.metricsPort).toBe(9464);
      }
    });

    it('writes no secret: each one is required from the operator (${NAME:?…}), never given a default', () => {
      const text = read('docker-compose.yml');
      const defaults = [...text.matchAll(/\$\{([A-Z_]+):-([^}]*)\}/g)].filter(([, name, value]) => isComposeSecret(name) && value !== '');
      expect(defaults.map(([whole]) => whole)).toEqual([]);
      for (const [name, service] of Object.entries<{ environment?: Record<string, unknown> }>(services)) {
        for (const [key, value] of Object.entries(interpolated(service.environment ?? {}))) {
          // Empty turns a feature off (ADMIN_PASSWORD); anything else is what the operator set.
          if (isComposeSecret(key) && value !== '') expect({ service: name, key, value }).toEqual({ service: name, key, value: OPERATOR_SECRET });
        }
      }
      expect(appServices[0][1].environment.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    });

    it('probes the worker on its metrics port (it has no HTTP port)', () => {
      expect(services.worker.healthcheck.test.join(' ')).toContain(`127.0.0.1:${services.worker.environment.METRICS_PORT}/metrics`);
    });

    it('lets anyone read single objects of the media bucket and nothing else: its anonymous policy grants s3:GetObject alone', () => {
      const bucket = interpolated(services.api.environment).S3_BUCKET;
      const init = services['minio-init'] as { entrypoint: string[]; volumes: string[] };
      const script = init.entrypoint.join(' ');
      // No canned policy (download/public/upload would grant listing or writing); this file, mounted, is the policy.
      expect(script).not.toMatch(/mc anonymous set (none|download|upload|public)\b/);
      const applied = /mc anonymous set-json (\S+) local\/(\S+)/.exec(script);
      expect(applied?.[2]).toBe(bucket);
      const mount = init.volumes.map((v) => v.split(':')).find(([, inside]) => inside === applied?.[1]);
      expect(mount?.[2]).toBe('ro');
      const policy = JSON.parse(read(mount![0])) as { Statement: Record<string, unknown>[] };
      expect(policy.Statement).toEqual([{ Effect: 'Allow', Principal: { AWS: ['*'] }, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/*`] }]);
    });
  });

  describe('nginx (the compose load balancer)', () => {
    const conf = read('deploy/nginx/nginx.conf');
    const block = (start: string) => conf.slice(conf.indexOf(start), conf.indexOf('}', conf.indexOf(start)));

    it('balances over the API instances on the app port, and forwards WebSocket upgrades on the socket path', () => {
      expect(block('upstream cloud9_api')).toMatch(new RegExp(`server api:${defaultPort}\\b`));
      const sockets = block(`location ${SOCKET_PATH}/`);
      expect(sockets).toContain('proxy_pass http://cloud9_api');
      expect(sockets).toContain('proxy_set_header Upgrade $http_upgrade');
      expect(sockets).toContain('proxy_set_header Connection $connection_upgrade');
      expect(conf).toContain('proxy_http_version 1.1');
      for (const location of [`location ${SOCKET_PATH}/`, 'location / ']) expect(block(location)).toContain('X-Forwarded-Proto');
    });

    it('takes the largest upload a plan allows', () => {
      const mb = Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1]);
      expect(mb * 1024).toBeGreaterThan(largestUploadKb);
    });

    /**
     * The real nginx on this config, its upstreams (the API instances and MinIO) pointed at recording
     * servers on loopback ports: only single objects reach the bucket.
     */
    describe('serves single media objects only (the real nginx)', () => {
      let nginx: RunningNginx;
      const upstreams: { name: string; server: Server; seen: { method: string; url: string; host?: string }[] }[] = [];
      const upstream = async (name: string) => {
        const seen: { method: string; url: string; host?: string }[] = [];
        const server = createServer((req, res) => {
          seen.push({ method: req.method!, url: req.url!, host: req.headers.host });
          res.end(name);
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        upstreams.push({ name, server, seen });
        return { port: (server.address() as AddressInfo).port, seen };
      };
      let api: Awaited<ReturnType<typeof upstream>>;
      let minio: Awaited<ReturnType<typeof upstream>>;

      beforeAll(async () => {
        [api, minio] = [await upstream('api'), await upstream('minio')];
        const port = await freePort();
        // Docker's names become loopback ports; the rest of the file is served as written.
        const local = conf
          .replace(/^\s*resolver .*$/m, '')
          .replace(/server api:\d+ resolve;/, `server 127.0.0.1:${api.port};`)
          .replace(/proxy_pass http:\/\/minio:9000\//, `proxy_pass http://127.0.0.1:${minio.port}/`)
          .replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
        expect(local).not.toMatch(/\bapi:\d|minio:9000\/|listen 8080/);
        nginx = await startNginx(local, port);
      });
      afterAll(async () => {
        await nginx?.stop();
        for (const { server } of upstreams) await new Promise((resolve) => server.close(resolve));
      });

      const send = (target: string, method = 'GET') =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port: nginx.port, path: target, method }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          });
          req.on('error', reject);
          req.end();
        });

      it('passes a single object to the bucket, without a query string', async () => {
        expect(await send('/media/ab/cd/photo.webp')).toEqual({ status: 200, body: 'minio' });
        expect(await send('/media/ab/cd/photo.webp', 'HEAD')).toEqual({ status: 200, body: '' });
        expect(minio.seen.map((r) => [r.method, r.url, r.host])).toEqual([
          ['GET', '/cloud9-media/ab/cd/photo.webp', 'minio:9000'],
          ['HEAD', '/cloud9-media/ab/cd/photo.webp', 'minio:9000'],
        ]);
        expect(await send('/api/health')).toEqual({ status: 200, body: 'api' });
      });

      it('answers 404 to the bucket itself and to any query string under /media/, and 403 to writes; none reaches MinIO', async () => {
        minio.seen.length = 0;
        for (const target of [
          '/media/', '/media', '//media//', '/media/?list-type=2', '/media/?prefix=&delimiter=/', '/media/?acl', '/media/?policy', '/media/?versions',
          '/media/?uploads', '/media/ab/photo.webp?acl', '/media/ab/photo.webp?tagging', '/media/ab/photo.webp?X-Amz-Signature=x', '/media/ab/photo.webp?0',
          '/media/ab/photo.webp?response-content-type=text/html', '/media/ab/../?list-type=2',
        ]) {
          expect({ target, status: (await send(target)).status }).toEqual({ target, status: 404 });
        }
        for (const method of ['PUT', 'POST', 'DELETE']) expect((await send('/media/ab/photo.webp', method)).status).toBe(403);
        expect(minio.seen).toEqual([]);
        // A "?" written into the path is part of the object's name, never a query to the bucket.
        await send('/media/ab/photo.webp%3Flist-type=2');
        for (const { url } of minio.seen) expect(url).not.toContain('?');
      });
    });
  });

  describe('Kubernetes manifests', () => {
    const dir = path.join(root, 'deploy/k8s');
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    const docs = files.flatMap((f) => parseAllDocuments(readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJS()));
    const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);
    const configMap = ofKind('ConfigMap')[0].data as Record<string, string>;
    const secret = ofKind('Secret')[0].stringData as Record<string, string>;
    const deployments = Object.fromEntries(ofKind('Deployment').map((d) => [d.metadata.name as string, d]));
    const container = (name: string) => deployments[name].spec.template.spec.containers[0];
    const portOf = (name: string, portName: string) => container(name).ports.find((p: { name: string }) => p.name === portName).containerPort;

    it('lists every manifest in the kustomization', () => {
      expect((parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')).resources as string[]).sort()).toEqual(files.sort());
    });

    it('names every setting in the ConfigMap, the Secret or the Deployments, and nothing else', () => {
      const deploymentEnv = Object.keys(deployments).flatMap((name) => (container(name).env ?? []).map((e: { name: string }) => e.name));
      const named = new Set([...Object.keys(configMap), ...Object.keys(secret), ...deploymentEnv]);
      expect([...named].filter((n) => !settings.has(n))).toEqual([]);
      expect([...settings].filter((n) => !named.has(n))).toEqual([]);
      expect(Object.keys(configMap).filter(isSecret)).toEqual([]);
      expect(Object.keys(secret).filter((n) => !isSecret(n))).toEqual([]);
    });

    it('gives each Deployment the ConfigMap and Secret, with values the app accepts once the operator sets SESSION_SECRET', () => {
      // No secret is written in the manifests: without one, the production app refuses to start.
      expect(secret.SESSION_SECRET).toBe('');
      expect(() => loadSettings({ ...configMap, ...secret } as NodeJS.ProcessEnv, false)).toThrow(/SESSION_SECRET/);
      for (const name of ['cloud9-api', 'cloud9-worker']) {
        const c = container(name);
        expect(c.envFrom).toEqual([{ configMapRef: { name: ofKind('ConfigMap')[0].metadata.name } }, { secretRef: { name: ofKind('Secret')[0].metadata.name } }]);
        const env = { ...configMap, ...secret, SESSION_SECRET: OPERATOR_SECRET, ...Object.fromEntries(c.env.map((e: { name: string; value: string }) => [e.name, e.value])) };
        expect(loadSettings(env as NodeJS.ProcessEnv, false).role).toBe(name === 'cloud9-api' ? 'api' : 'worker');
      }
    });

    it('runs nothing as root', () => {
      for (const name of Object.keys(deployments)) {
        const pod = deployments[name].spec.template.spec;
        expect(pod.securityContext.runAsNonRoot).toBe(true);
        expect(pod.securityContext.runAsUser).toBe(1000);
        expect(container(name).securityContext.allowPrivilegeEscalation).toBe(false);
      }
    });

    it('probes the API on its live and ready paths and the worker on its metrics port', () => {
      const api = container('cloud9-api');
      expect(portOf('cloud9-api', 'http')).toBe(Number(configMap.PORT));
      expect(api.livenessProbe.httpGet).toEqual({ path: ROUTES.health.live.path, port: 'http' });
      expect(api.startupProbe.httpGet).toEqual({ path: ROUTES.health.live.path, port: 'http' });
      expect(api.readinessProbe.httpGet).toEqual({ path: ROUTES.health.ready.path, port: 'http' });
      const worker = container('cloud9-worker');
      expect(portOf('cloud9-worker', 'metrics')).toBe(Number(configMap.METRICS_PORT));
      expect(configMap.METRICS_HOST).toBe('0.0.0.0');
      for (const probe of ['livenessProbe', 'readinessProbe']) expect(worker[probe].httpGet).toEqual({ path: '/metrics', port: 'metrics' });
      // SIGTERM: the app exits by SHUTDOWN_TIMEOUT_MS (its drain included), before Kubernetes would kill it.
      for (const name of Object.keys(deployments)) {
        expect(deployments[name].spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(configMap.SHUTDOWN_TIMEOUT_MS) + 5000);
      }
      // The API keeps serving after SIGTERM until its failed readiness probe has taken it out.
      const ready = api.readinessProbe as { periodSeconds: number; failureThreshold: number };
      expect(Number(configMap.SHUTDOWN_DRAIN_MS)).toBeGreaterThanOrEqual(ready.periodSeconds * ready.failureThreshold * 1000);
    });

    it('routes the Ingress to the Service and the Service to the API pods, with a budget and CPU autoscaling', () => {
      const [service] = ofKind('Service');
      const apiLabels = deployments['cloud9-api'].spec.template.metadata.labels;
      expect(service.spec.selector).toEqual(apiLabels);
      expect(service.spec.ports[0].targetPort).toBe('http');
      const backend = ofKind('Ingress')[0].spec.rules[0].http.paths[0].backend.service;
      expect(backend).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } });
      const budgets = ofKind('PodDisruptionBudget');
      expect(budgets.some((b) => JSON.stringify(b.spec.selector.matchLabels) === JSON.stringify(apiLabels) && b.spec.minAvailable >= 1)).toBe(true);
      for (const hpa of ofKind('HorizontalPodAutoscaler')) {
        expect(Object.keys(deployments)).toContain(hpa.spec.scaleTargetRef.name);
        expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
      }
      expect(ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)).toContain('cloud9-api');
    });
  });

  describe('probe paths on a running app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootApp();
    });
    afterAll(() => t?.close());

    it('answers 200 on every path the files probe', async () => {
      const probed = new Set<string>();
      for (const match of read('Dockerfile').matchAll(/\/api\/health\/\w+/g)) probed.add(match[0]);
      for (const f of readdirSync(path.join(root, 'deploy/k8s'))) for (const match of read(`deploy/k8s/${f}`).matchAll(/path: (\/api\/[\w/]+)/g)) probed.add(match[1]);
      expect([...probed].sort()).toEqual([ROUTES.health.live.path, ROUTES.health.ready.path].sort());
      for (const probe of probed) await t.agent().get(probe).expect(200);
    });
  });
});
