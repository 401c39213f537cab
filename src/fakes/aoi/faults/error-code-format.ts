import { pick, type FaultFactory } from './stream-fault.js';

export type CodeStyle = 'snake' | 'kebab' | 'camel';

export interface ErrorCodeFormatParams {
  /** How codes are written instead of UPPER_SNAKE_CASE; by default chosen with the run's seed. */
  style?: CodeStyle;
}

function restyle(code: string, style: CodeStyle): string {
  const words = code
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean);
  if (style === 'snake') return words.join('_');
  if (style === 'kebab') return words.join('-');
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** Error codes that are not upper snake case (§9: codes "should be stable and uppercase snake case"). */
export const errorCodeFormat: FaultFactory<ErrorCodeFormatParams> = (params = {}) => {
  const p: ErrorCodeFormatParams = { ...params };
  return {
    id: 'error-code-format',
    description: `writes aoi:error codes in ${p.style ?? 'snake, kebab or camel'} case instead of UPPER_SNAKE_CASE`,
    violates: ['AOI-05/code-format'],
    severity: 'warning',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:error' || typeof event.code !== 'string') return [event];
      return [
        {
          ...event,
          code: restyle(
            event.code,
            p.style ?? pick<CodeStyle>(['snake', 'kebab', 'camel'], state.random),
          ),
        },
      ];
    },
  };
};
