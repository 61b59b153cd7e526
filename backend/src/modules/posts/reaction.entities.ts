import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One row per (user, post): the primary key makes a like or repost idempotent. */
abstract class Reaction {
  @PrimaryColumn({ name: 'user_id', type: 'bigint' }) userId: number;
  @PrimaryColumn({ name: 'post_id', type: 'bigint' }) postId: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity('likes')
export class LikeEntity extends Reaction {}

@Entity('reposts')
export class RepostEntity extends Reaction {}
