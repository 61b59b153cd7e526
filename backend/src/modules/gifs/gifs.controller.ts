import { Body, Controller, Query, Req } from '@nestjs/common';
import { Endpoint } from '../../common/endpoint';
import type { Request } from 'express';
import { ROUTES, type GifCategoriesResponse, type GifRandomResponse, type GifSearchResponse } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { requestIpSubject } from '../../common/rate-limit/subjects';
import { parseGifQuery, parseGifRandomQuery, parsePingbackId } from './gif-query';
import { parsePingbackBatch } from './gif-pingback';
import { GifPingbacksService } from './gif-pingbacks.service';
import { GifsService } from './gifs.service';

/** Public GIF lists for the pickers and their analytics; the provider key stays on the server. */
@Controller()
export class GifsController {
  constructor(
    private readonly gifs: GifsService,
    private readonly pingbacks: GifPingbacksService,
  ) {}

  /** GET /api/gifs/search?q&limit&offset&rating&pingback_id — the provider's shape, trimmed. */
  @Endpoint(ROUTES.gifs.search)
  search(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('search', query), parsePingbackId(query), requestIpSubject(req));
  }

  /** GET /api/gifs/trending?limit&offset&rating&pingback_id */
  @Endpoint(ROUTES.gifs.trending)
  trending(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('trending', query), parsePingbackId(query), requestIpSubject(req));
  }

  /** GET /api/gifs/related?gif_id&limit&offset&rating&pingback_id — GIFs like one GIF. */
  @Endpoint(ROUTES.gifs.related)
  related(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('related', query), parsePingbackId(query), requestIpSubject(req));
  }

  /** GET /api/gifs/emoji?limit&offset&pingback_id — the provider's emoji stickers. */
  @Endpoint(ROUTES.gifs.emoji)
  emoji(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifSearchResponse> {
    return this.gifs.find(parseGifQuery('emoji', query), parsePingbackId(query), requestIpSubject(req));
  }

  /** GET /api/gifs/categories — names and covers; a category's GIFs are a search for its name. */
  @Endpoint(ROUTES.gifs.categories)
  categories(@Req() req: Request): Promise<GifCategoriesResponse> {
    return this.gifs.categories(requestIpSubject(req));
  }

  /** GET /api/gifs/random?tag&rating&pingback_id — a new draw on every call. */
  @Endpoint(ROUTES.gifs.random)
  random(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<GifRandomResponse> {
    return this.gifs.random(parseGifRandomQuery(query), parsePingbackId(query), requestIpSubject(req));
  }

  /** POST /api/gifs/pingback {events} — 202 at once; the provider is told afterwards. */
  @Endpoint(ROUTES.gifs.pingback)
  @RateLimit('gifPingbacks', { per: 'address' })
  pingback(@Body() body: unknown): { success: true } {
    this.pingbacks.forward(parsePingbackBatch(body));
    return { success: true };
  }
}
