import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { AppMetrics } from './app-metrics';
import { METRICS_PATH, writeNotFound, writeScrape } from './metrics-endpoint';

/**
 * METRICS_PORT: /metrics on a port of its own, on METRICS_HOST (loopback unless opened), in every
 * role, the worker's included (it has no other port). Nothing else is served there; no session, no
 * rate limit, no token: who can reach the port may read it.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    private readonly metrics: AppMetrics,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { metricsPort: port, metricsHost: host } = this.settings;
    if (!port) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?', 1)[0];
      if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return writeNotFound(res);
      writeScrape(this.metrics, req, res).catch((error: Error) => {
        this.logger.error(error);
        res.statusCode = 500;
        res.end();
      });
    });
    server.listen(port, host);
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => {
        throw new Error(`METRICS_PORT ${port} on ${host}: ${(error as Error).message}`);
      }),
    ]);
    this.server = server;
    this.logger.log(`metrics on http://${host}:${port}${METRICS_PATH}`);
  }

  onApplicationShutdown(): void {
    this.server?.close();
    this.server?.closeAllConnections();
  }
}
