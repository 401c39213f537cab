export { chunked, type ChunkedOptions } from './chunks.js';
