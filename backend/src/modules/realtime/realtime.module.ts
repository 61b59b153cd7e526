import { Module } from '@nestjs/common';
import { MetricsModule } from '../../common/metrics/metrics.module';
import { LivePushes } from './live-pushes';
import { PageVisibility } from './page-visibility.service';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';
import { SocketMessages } from './socket-messages.service';

/**
 * Live events over Socket.IO. Committed changes reach sockets through LivePushes (a subscriber of the
 * domain events); notifications imports the module for the alert sync's local pushes; the gateway
 * authenticates sockets and hears their pages' visibility (PageVisibility, which Web Push asks) and hands
 * what else they send to the module that registered for it (SocketMessages: direct messages' typing); RealtimeIoAdapter (set in createApp) configures the server and its Redis
 * Streams adapter.
 */
@Module({ imports: [MetricsModule], providers: [RealtimeService, RealtimeGateway, LivePushes, PageVisibility, SocketMessages], exports: [RealtimeService, PageVisibility, SocketMessages] })
export class RealtimeModule {}
