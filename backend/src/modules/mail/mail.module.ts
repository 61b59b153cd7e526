import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { MailService } from './mail.service';

/** Outgoing mail through the `mail` queue (decision 0092). Owns no table. */
@Module({ imports: [JobsModule], providers: [MailService], exports: [MailService] })
export class MailModule {}
