import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { BookmarksController } from './bookmarks.controller';
import { BookmarksRepository } from './bookmarks.repository';
import { BookmarksService } from './bookmarks.service';

/** Saved posts: owns `bookmarks`. The posts module reads it for each post's `bookmarked` flag. */
@Module({ imports: [PostsModule], controllers: [BookmarksController], providers: [BookmarksRepository, BookmarksService] })
export class BookmarksModule {}
