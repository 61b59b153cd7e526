import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AlertType } from '@cloud9/contracts';

/** A personal alert: someone liked, replied to, reposted or followed. */
@Entity('user_alerts')
export class UserAlertEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'recipient_id', type: 'bigint' }) recipientId: number;
  @Column({ name: 'actor_id', type: 'bigint' }) actorId: number;
  @Column({ type: 'text' }) type: AlertType;
  @Column({ name: 'post_id', type: 'bigint', nullable: true }) postId: number | null;
  @Column() message: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** A staff notice shown to everyone. */
@Entity('system_notices')
export class SystemNoticeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'user_id', type: 'bigint' }) userId: number;
  @Column() content: string;
  @Column({ name: 'media_id', type: 'bigint', nullable: true }) mediaId: number | null;
  @Column({ name: 'media_url', type: 'text', nullable: true }) mediaUrl: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** Last-seen times per user, so the dots follow a user across devices. */
@Entity('notification_seen')
export class NotificationSeenEntity {
  @PrimaryColumn({ name: 'user_id', type: 'bigint' }) userId: number;
  @Column({ name: 'alerts_seen_at', type: 'timestamptz', nullable: true }) alertsSeenAt: Date | null;
  @Column({ name: 'notices_seen_at', type: 'timestamptz', nullable: true }) noticesSeenAt: Date | null;
}
