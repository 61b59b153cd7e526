import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { SearchController } from './search.controller';
import { SearchHotRead } from './search-hot-read';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({ imports: [PostsModule], controllers: [SearchController], providers: [SearchHotRead, SearchRepository, SearchService] })
export class SearchModule {}
