export { aoiCursor, aoiFieldName, aoiId, aoiJsonValue, aoiNumber, aoiText, aoiTimestamp, aoiTraceId } from './values.js';
export {
  aoiCheck,
  aoiDomainType,
  aoiError,
  aoiErrorCategory,
  aoiErrorClass,
  aoiErrorCode,
  aoiHeartbeat,
  aoiMeta,
  aoiPlan,
  aoiProgress,
  aoiSummary,
  aoiWarning,
  anyDomainEvent,
  domainEvent,
  entryEvent,
  hitEvent,
  isUnreservedType,
  matchEvent,
  retryableFor,
  type AoiErrorOptions,
  type AoiEventValue,
  type AoiMetaOptions,
  type AoiSummaryOptions,
  type CheckSeverity,
} from './events.js';
export { aoiStream, serialise, COMMAND_KINDS, STREAM_OUTCOMES, type AoiStreamOptions, type CommandKind, type GeneratedStream, type StreamOutcome } from './stream.js';
export { aoiStreamWithDefect, DEFECTS, DEFECT_IDS, DEFECT_SHAPES, type Defect, type DefectiveStream, type DefectShape } from './defects.js';
export { aoiRun, type AoiRunOptions, type GeneratedRun } from './run.js';
export { aoiInputJsonl, MALFORMED_LINES, TOLERATED_LINES, type AoiInputJsonlOptions, type GeneratedInput, type InputLine, type InputLineKind, type MalformedLine, type ToleratedLine } from './input.js';
export { aoiCapabilities, aoiErrorTaxonomy, type CapabilityCommand, type CapabilityManifest, type ErrorTaxonomyEntry } from './manifests.js';
export { scheduledChunks } from './schedule.js';
