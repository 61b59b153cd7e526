import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The text a post had before an edit (edit history). */
@Entity('post_edits')
export class PostEditEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'post_id', type: 'bigint' }) postId: number;
  @Column() content: string;
  @Column({ name: 'edited_at', type: 'timestamptz' }) editedAt: Date;
}
