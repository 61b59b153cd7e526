import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every admin action: who, what, target, when, result. */
@Entity('audit_log')
export class AuditLogEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'actor_id', type: 'bigint', nullable: true }) actorId: number | null;
  @Column({ name: 'actor_username' }) actorUsername: string;
  @Column() action: string;
  @Column({ type: 'text', nullable: true }) target: string | null;
  @Column() result: string;
  @Column({ type: 'jsonb', nullable: true }) details: Record<string, unknown> | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
