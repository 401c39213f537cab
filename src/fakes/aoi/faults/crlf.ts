import { rawEvent, type FaultFactory } from './stream-fault.js';

/**
 * Every event line ends in CRLF instead of LF (§2: newline-delimited). A warning: JSON parsers ignore
 * the trailing CR, so most consumers cope. Raw lines written by other faults keep their own endings.
 */
export const crlf: FaultFactory<Record<string, never>> = () => ({
  id: 'crlf',
  description:
    'ends every event line with CRLF, as a tool that writes text-mode output on Windows would',
  violates: ['AOI-02/crlf'],
  severity: 'warning',
  params: {},
  onEvent(event) {
    return [rawEvent(`${JSON.stringify(event)}\r\n`)];
  },
});
