import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A post; a reply is a post with `parentId`. Counters are kept in the same transaction as their rows. */
@Entity('posts')
export class PostEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'user_id', type: 'bigint' }) userId: number;
  @Column({ name: 'parent_id', type: 'bigint', nullable: true }) parentId: number | null;
  @Column() content: string;
  @Column() category: string;
  @Column({ name: 'media_id', type: 'bigint', nullable: true }) mediaId: number | null;
  @Column({ name: 'media_url', type: 'text', nullable: true }) mediaUrl: string | null;
  @Column({ name: 'gif_url', type: 'text', nullable: true }) gifUrl: string | null;
  @Column({ name: 'likes_count', type: 'integer' }) likesCount: number;
  @Column({ name: 'replies_count', type: 'integer' }) repliesCount: number;
  @Column({ name: 'reposts_count', type: 'integer' }) repostsCount: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true }) editedAt: Date | null;
}
