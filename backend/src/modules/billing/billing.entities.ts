import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A provider subscription bound to one account; trusted only after the provider confirmed it. */
@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'user_id', type: 'bigint' }) userId: number;
  @Column() provider: string;
  @Column({ name: 'provider_subscription_id' }) providerSubscriptionId: string;
  @Column({ name: 'group_id', type: 'smallint' }) groupId: number;
  @Column() status: string;
  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true }) currentPeriodEnd: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** Webhook event ids already applied, so each event acts once. */
@Entity('webhook_events')
export class WebhookEventEntity {
  @PrimaryColumn({ name: 'event_id' }) eventId: string;
  @Column({ name: 'event_type' }) eventType: string;
  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' }) receivedAt: Date;
}
