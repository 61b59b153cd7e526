import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ContainerProbe } from './container-probe';
import { MediaService } from './media.service';

@Module({
  providers: [MediaService, { provide: ContainerProbe, useFactory: () => new ContainerProbe() }],
  exports: [MediaService],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(@Inject(ContainerProbe) private readonly probe: ContainerProbe) {}

  /** The probe's worker threads end with the app. */
  onApplicationShutdown(): Promise<void> {
    return this.probe.close();
  }
}
