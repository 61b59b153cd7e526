/**
 * Of the given uploads (url, media id), those nothing else still points at: a post by media_id
 * (posts_media index), a system notice or a profile image by URL. $1 text[] urls, $2 bigint[] media ids.
 */
export const UNREFERENCED_MEDIA_SQL = `
    SELECT x.url FROM unnest($1::text[], $2::bigint[]) AS x(url, media_id)
     WHERE NOT EXISTS (SELECT 1 FROM posts WHERE media_id = x.media_id)
       AND NOT EXISTS (SELECT 1 FROM system_notices WHERE media_url = x.url)
       AND NOT EXISTS (SELECT 1 FROM users WHERE thumbnail = x.url OR background = x.url)`;
