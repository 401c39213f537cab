import { worstOf, type FaultFactory } from './stream-fault.js';

export interface LocalTimestampParams {
  /** The timestamp written (default: Python's `datetime.now().isoformat()`, local time without an offset). */
  value: string;
}

/**
 * Framework events carry an ISO 8601 `timestamp` that is not RFC 3339 (§8.1 asks for ISO 8601; the event schemas,
 * JSON Schema `date-time`, take RFC 3339): local time without an offset, as `datetime.now().isoformat()` writes it.
 */
export const localTimestamp: FaultFactory<LocalTimestampParams> = (params = {}) => {
  const p: LocalTimestampParams = { value: '2026-01-31T12:00:00.123456', ...params };
  const violates = ['AOI-04/timestamp-not-rfc3339'];
  return {
    id: 'local-timestamp',
    description: `writes "timestamp": "${p.value}" (ISO 8601, no offset) into aoi:meta and aoi:summary`,
    violates,
    severity: worstOf(violates),
    params: p,
    onEvent(event) {
      return event.type === 'aoi:meta' || event.type === 'aoi:summary'
        ? [{ ...event, timestamp: p.value }]
        : [event];
    },
  };
};
