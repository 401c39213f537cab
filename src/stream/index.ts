export {
  JsonlReader,
  DEFAULT_MAX_LINE_BYTES,
  type AoiEvent,
  type JsonlReaderHandlers,
  type JsonlReaderOptions,
} from './jsonl-reader.js';
export { makeFinding, toExcerpt, type Evidence, type Finding } from './finding.js';
export { sanitise } from './sanitise.js';
