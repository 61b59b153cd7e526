import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../../common/metrics/metrics.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/**
 * Live events over Socket.IO. RealtimeService is global so any module can
 * emit; the gateway authenticates sockets; RealtimeIoAdapter (set in createApp) configures the
 * server and its Redis Streams adapter.
 */
@Global()
@Module({ imports: [MetricsModule], providers: [RealtimeService, RealtimeGateway], exports: [RealtimeService] })
export class RealtimeModule {}
