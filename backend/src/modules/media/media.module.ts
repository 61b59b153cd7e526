import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { SETTINGS } from '../../config/settings.module';
import { JobsModule } from '../../jobs/jobs.module';
import type { Settings } from '../../config/settings';
import { ContainerProbe } from './container-probe';
import { MediaBackfill } from './media-backfill';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { LocalStorage } from './storage/local-storage';
import { MediaStorage } from './storage/media-storage';
import type { S3Storage } from './storage/s3-storage';

/**
 * STORAGE_DRIVER picks the store; both hold the same keys, so switching is copying the files over.
 * The AWS SDK is loaded only for s3: it is half a second of start-up every local instance (and test app) would pay.
 */
async function storageFor(settings: Settings): Promise<MediaStorage> {
  if (settings.storage.driver === 'local') return new LocalStorage(settings.uploadDir);
  const { S3Storage } = await import('./storage/s3-storage');
  return new S3Storage(settings.storage.s3!, settings.s3SecretAccessKey);
}
const isS3 = (storage: MediaStorage): storage is S3Storage => storage.driver === 's3';

@Module({
  imports: [JobsModule],
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
    if (isS3(this.storage)) this.storage.close();
    await this.probe.close();
  }
}
