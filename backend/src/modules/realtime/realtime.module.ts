import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/**
 * Live events over Socket.IO. RealtimeService is global so any module can
 * emit; the gateway authenticates sockets; RealtimeIoAdapter (set in createApp) configures the
 * server and its Redis Streams adapter.
 */
@Global()
@Module({ providers: [RealtimeService, RealtimeGateway], exports: [RealtimeService] })
export class RealtimeModule {}
