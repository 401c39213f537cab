export { chunked, type ChunkedOptions } from './chunks.js';
export * from './aoi/index.js';
export * from './agentcli/index.js';
