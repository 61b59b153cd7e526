import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { AuditInterceptor } from './audit.interceptor';

/** The audit log writer (and the interceptor that audits a whole admin route), for every module's admin calls. */
@Global()
@Module({ providers: [AuditService, AuditInterceptor], exports: [AuditService, AuditInterceptor] })
export class AuditModule {}
