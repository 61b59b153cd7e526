/**
 * What other modules may use of media besides its services, interceptors and module (the lint's
 * module boundary): the media columns a row that shows a file selects and their mapping to the wire
 * `MediaInfo`, and the storage that holds the files.
 */
export { mediaColumns, mediaInfoOfRow, posterJoin, type MediaColumns } from './media-info';
export { MediaStorage } from './storage/media-storage';
