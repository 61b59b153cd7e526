import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { AuditInterceptor } from './audit.interceptor';
import { AuditRepository } from './audit.repository';

/** The audit log writer and reader, and the interceptor that audits a whole admin route. */
@Module({ providers: [AuditRepository, AuditService, AuditInterceptor], exports: [AuditService, AuditInterceptor] })
export class AuditModule {}
