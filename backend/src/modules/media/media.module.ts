import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ContainerProbe } from './container-probe';
import { MediaBackfill } from './media-backfill';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';

@Module({
  providers: [MediaService, MediaRepository, MediaBackfill, { provide: ContainerProbe, useFactory: () => new ContainerProbe() }],
  exports: [MediaService, MediaBackfill],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(@Inject(ContainerProbe) private readonly probe: ContainerProbe) {}

  /** The probe's worker threads end with the app. */
  onApplicationShutdown(): Promise<void> {
    return this.probe.close();
  }
}
