/**
 * What other modules may use of posts besides its services and its module (the lint's module
 * boundary): the post hydration — a page of post ids selected by another module's SQL, joined to the
 * post's columns in the same statement (one page, one query), its row types, and their mapping to
 * the wire `Post` — and the cache of shared pages that search also keeps.
 */
export { hydratePage } from './posts.sql';
export { toPost, type PagedPostRow, type RankedPostRow } from './post-row';
export { SharedPageCache } from './shared-page-cache';
