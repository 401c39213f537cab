/** Small streams shared by the matcher tests. */
export const lines = (...events: (object | string)[]) =>
  events.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n';

export const META = {
  type: 'aoi:meta',
  tool: 'notes',
  tool_version: '1.0.0',
  aoi_version: '0.2',
  schema_name: 'dev.notes.events',
  schema_version: '1.0.0',
  command: 'search',
};
export const good = lines(
  META,
  { type: 'hit', id: 'n_1', rank: 1 },
  { type: 'aoi:summary', ok: true, count: 1, warning_count: 0, error_count: 0, truncated: false },
);
export const crashed = lines(META, { type: 'hit', id: 'n_1', rank: 1 });
export const prose = lines(
  META,
  'Fetching results...',
  { type: 'hit', id: 'n_1' },
  { type: 'aoi:summary', ok: true, count: 1 },
);
export const failed = lines(
  META,
  {
    type: 'aoi:error',
    category: 'rate_limited',
    code: 'RATE_LIMITED',
    message: 'slow down',
    retryable: true,
  },
  { type: 'aoi:summary', ok: false, count: 0, error_count: 1 },
);
export const leaky = lines(
  { ...META, args: ['search', '--token', 'tok_live_SECRET_123'] },
  { type: 'aoi:summary', ok: true, count: 0 },
);
