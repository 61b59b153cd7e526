import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type BoostKind = 'user' | 'admin';
export type BoostStatus = 'requested' | 'active' | 'expired';

/** A boost moves requested → active → expired; at most 1 admin and 3 user boosts are active. */
@Entity('boosts')
export class BoostEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'post_id', type: 'bigint' }) postId: number;
  @Column({ name: 'user_id', type: 'bigint' }) userId: number;
  @Column({ type: 'text' }) kind: BoostKind;
  @Column({ type: 'text' }) status: BoostStatus;
  @Column() priority: boolean;
  @Column({ name: 'requested_at', type: 'timestamptz' }) requestedAt: Date;
  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true }) activatedAt: Date | null;
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true }) expiresAt: Date | null;
}
