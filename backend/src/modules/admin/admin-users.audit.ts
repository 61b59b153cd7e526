import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AuditActor {
  id: number;
  username: string;
}

/** Writes one audit_log row per admin call (who, what, target, result); never fails the call. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly db: DataSource) {}

  async record(actor: AuditActor, action: string, target: string | null, result: string, details: Record<string, unknown> | null = null): Promise<void> {
    try {
      await this.db.query(
        `INSERT INTO audit_log (actor_id, actor_username, action, target, result, details) VALUES ($1, $2, $3, $4, $5, $6)`,
        [actor.id, actor.username, action, target, result, details],
      );
    } catch (error) {
      this.logger.error(`audit ${action} ${target ?? ''}: ${(error as Error).message}`);
    }
  }
}
