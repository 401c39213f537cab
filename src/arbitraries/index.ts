export { chunked, type ChunkedOptions, type WithBytes } from './chunks.js';
export * from './aoi/index.js';
export * from './agentcli/index.js';
export * from './app/index.js';
export * from './exec/index.js';
export * from './cmdhelp/index.js';
