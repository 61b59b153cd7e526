import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { MediaModule } from '../media/media.module';
import { ExportsController } from './exports.controller';
import { ExportsRepository } from './exports.repository';
import { ExportsService } from './exports.service';

/** Members' data exports: owns `data_exports` and the ZIPs under EXPORT_DIR; reads the account's data (as search does). */
@Module({
  imports: [JobsModule, MediaModule],
  controllers: [ExportsController],
  providers: [ExportsRepository, ExportsService],
})
export class ExportsModule {}
