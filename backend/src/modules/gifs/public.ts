/** What other modules may use of gifs besides its services and module (the lint's module boundary): which GIF links a post may carry. */
export { isAllowedGifUrl } from './gif-url';
