import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ContainerProbe } from './container-probe';
import { MediaBackfill } from './media-backfill';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { LocalStorage } from './storage/local-storage';
import { MediaStorage } from './storage/media-storage';
import { S3Storage } from './storage/s3-storage';

/** STORAGE_DRIVER picks the store; both hold the same keys, so switching is copying the files over. */
const storageFor = (settings: Settings): MediaStorage =>
  settings.storage.driver === 's3' ? new S3Storage(settings.storage.s3!, settings.s3SecretAccessKey) : new LocalStorage(settings.uploadDir);

@Module({
  providers: [
    MediaService,
    MediaRepository,
    MediaBackfill,
    { provide: ContainerProbe, useFactory: () => new ContainerProbe() },
    { provide: MediaStorage, inject: [SETTINGS], useFactory: storageFor },
  ],
  exports: [MediaService, MediaBackfill, MediaStorage],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(
    @Inject(ContainerProbe) private readonly probe: ContainerProbe,
    private readonly storage: MediaStorage,
  ) {}

  /** The probe's worker threads and the bucket's sockets end with the app. */
  async onApplicationShutdown(): Promise<void> {
    if (this.storage instanceof S3Storage) this.storage.close();
    await this.probe.close();
  }
}
