import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type MediaKind = 'image' | 'video' | 'audio';

/** An uploaded file under UPLOAD_DIR, judged by its bytes. */
@Entity('media')
export class MediaEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ name: 'owner_id', type: 'bigint', nullable: true }) ownerId: number | null;
  @Column({ name: 'storage_key' }) storageKey: string;
  @Column() mime: string;
  @Column({ type: 'text' }) kind: MediaKind;
  @Column({ type: 'integer' }) bytes: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
