/** A video file the browser might decode (by its type, else its name). */
export const isVideoFile = (file: File): boolean => (file.type ? file.type.startsWith('video/') : /\.(mp4|m4v|mov|webm|mkv|ogv)$/i.test(file.name));
