import { Controller, Get, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { GifSearchResponse } from '@cloud9/contracts';
import { requestIpSubject } from '../../common/rate-limit/subjects';
import { parseGifQuery } from './gif-query';
import { GifsService } from './gifs.service';

/** Public GIF search for the pickers; the provider key stays on the server. */
@Controller('gifs')
export class GifsController {
  constructor(private readonly gifs: GifsService) {}

  /** GET /api/gifs/search?q&limit&offset&rating — the provider's shape, trimmed. */
  @Get('search')
  search(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('search', query), requestIpSubject(req));
  }

  /** GET /api/gifs/trending?limit&offset&rating */
  @Get('trending')
  trending(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('trending', query), requestIpSubject(req));
  }
}
