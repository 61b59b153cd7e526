import { Module } from '@nestjs/common';
import { GifPingbacksService } from './gif-pingbacks.service';
import { GifsController } from './gifs.controller';
import { GifsService } from './gifs.service';
import { GiphyClient } from './giphy.client';

@Module({ controllers: [GifsController], providers: [GifsService, GifPingbacksService, GiphyClient] })
export class GifsModule {}
