/**
 * The request header only the app's own API client sends (frontend/src/api/client.ts). Routes that
 * act on a GET (some admin tools) require it: a link, an <img> or a form cannot set a header,
 * and a cross-site fetch that sets one needs a CORS preflight the API never grants. Scripts send it
 * too (see README, "Calling the admin tools from a script").
 */
export const APP_CLIENT_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
