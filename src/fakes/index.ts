export { jsonlChunks, streamFrom, webStreamFrom, type StreamFromOptions } from './stream-from.js';
