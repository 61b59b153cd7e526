import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('follows')
export class FollowEntity {
  @PrimaryColumn({ name: 'follower_id', type: 'bigint' }) followerId: number;
  @PrimaryColumn({ name: 'followed_id', type: 'bigint' }) followedId: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
