import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { AuditInterceptor } from './audit.interceptor';

/** The audit log writer and reader, and the interceptor that audits a whole admin route. */
@Module({ providers: [AuditService, AuditInterceptor], exports: [AuditService, AuditInterceptor] })
export class AuditModule {}
