import { QUEUE_DASHBOARD_PATH } from '@cloud9/contracts';

/** What a request's labels are read from (an express request at the end of its response). */
export interface LabelledRequest {
  method?: string;
  baseUrl?: string;
  originalUrl?: string;
  url?: string;
  /** Set by the router on the route that matched: its path is the template (`/api/posts/:id`). */
  route?: { path?: unknown };
}

/** Requests that reached no route: unknown API paths, and refusals at the edge before routing. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** GETs of the built app (pages and hashed assets), served by the static middleware. */
export const FRONTEND_ROUTE = '(frontend)';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Paths served outside Nest's routes, each one label (no raw file names or ids). */
const MOUNTS = ['/uploads', QUEUE_DASHBOARD_PATH];

const pathOf = (url: string) => url.split('?', 1)[0].toLowerCase();
const under = (path: string, mount: string) => path === mount || path.startsWith(`${mount}/`);

/** The method as a label: the usual verbs, anything else as OTHER (a client may send any token). */
export const methodLabel = (method: string | undefined): string => (method && METHODS.has(method) ? method : 'OTHER');

/**
 * The route a request is counted under: the template of the route that answered it, never the raw
 * path, so the label set stays as small as the route table. Whatever no route answered falls into a
 * few fixed labels.
 */
export function routeLabel(req: LabelledRequest): string {
  const template = req.route?.path;
  // A catch-all (`/api/{*path}`: middleware bound to every path, such as the logger's context) is no route.
  if (typeof template === 'string' && !template.includes('*')) return `${req.baseUrl ?? ''}${template}` || '/';
  const path = pathOf(req.originalUrl ?? req.url ?? '');
  if (path === '/metrics') return '/metrics';
  const mount = MOUNTS.find((m) => under(path, m));
  if (mount) return `${mount}/*`;
  if (under(path, '/api')) return UNMATCHED_ROUTE;
  if (req.method === 'GET' || req.method === 'HEAD') return FRONTEND_ROUTE;
  return UNMATCHED_ROUTE;
}
