import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { SafetyModule } from '../safety/safety.module';
import { BookmarksController } from './bookmarks.controller';
import { BookmarksRepository } from './bookmarks.repository';
import { BookmarksService } from './bookmarks.service';

/** Saved posts: owns `bookmarks`. The posts module reads it for each post's `bookmarked` flag. */
@Module({ imports: [PostsModule, SafetyModule], controllers: [BookmarksController], providers: [BookmarksRepository, BookmarksService] })
export class BookmarksModule {}
