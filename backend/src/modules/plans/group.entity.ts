import { Column, Entity, PrimaryColumn } from 'typeorm';

const numeric = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A group: admin, staff or a plan (spec §6, §9). Rows are seeded by the first migration. */
@Entity('groups')
export class GroupEntity {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column() name: string;
  @Column() description: string;
  @Column({ name: 'subscription_fee', type: 'numeric', transformer: numeric }) subscriptionFee: number;
  @Column({ name: 'post_limit', type: 'integer' }) postLimit: number;
  @Column({ name: 'media_limit_kb', type: 'integer' }) mediaLimit: number;
  @Column({ name: 'edit_timeout_minutes', type: 'integer', nullable: true }) editTimeout: number | null;
  @Column({ name: 'monthly_boosts', type: 'integer' }) monthlyBoosts: number;
  @Column({ name: 'priority_boost' }) priorityBoost: boolean;
  @Column({ name: 'is_available' }) isAvailable: boolean;
}
