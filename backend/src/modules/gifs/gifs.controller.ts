import { Controller, Get, Query } from '@nestjs/common';
import type { GifSearchResponse } from '@cloud9/contracts';
import { parseGifQuery } from './gif-query';
import { GifsService } from './gifs.service';

/** Public GIF search for the pickers; the provider key stays on the server. */
@Controller('gifs')
export class GifsController {
  constructor(private readonly gifs: GifsService) {}

  /** GET /api/gifs/search?q&limit&offset&rating — the provider's shape, trimmed. */
  @Get('search')
  search(@Query() query: Record<string, unknown>): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('search', query));
  }

  /** GET /api/gifs/trending?limit&offset&rating */
  @Get('trending')
  trending(@Query() query: Record<string, unknown>): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('trending', query));
  }
}
