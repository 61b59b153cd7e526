import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { GroupEntity } from '../plans/group.entity';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: number;
  @Column({ type: 'citext' }) username: string;
  @Column({ type: 'citext' }) email: string;
  /** Never serialised: responses are built by UsersService.toCurrentUser / toProfile. */
  @Column({ name: 'password_hash', select: false }) passwordHash: string;
  @Column({ type: 'text', nullable: true }) name: string | null;
  @Column({ type: 'text', nullable: true }) bio: string | null;
  @Column({ type: 'date', nullable: true }) birthdate: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'text', nullable: true }) location: string | null;
  @Column({ type: 'text', nullable: true }) website: string | null;
  @Column({ type: 'text', nullable: true }) thumbnail: string | null;
  @Column({ type: 'text', nullable: true }) background: string | null;
  @Column({ name: 'group_id', type: 'smallint' }) groupId: number;
  @ManyToOne(() => GroupEntity) @JoinColumn({ name: 'group_id' }) group?: GroupEntity;
  @Column({ name: 'followers_count', type: 'integer' }) followersCount: number;
  @Column({ name: 'following_count', type: 'integer' }) followingCount: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
