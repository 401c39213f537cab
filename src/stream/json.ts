/** A JSON object (not null, not an array): what the kit's readers narrow a parsed value to before reading fields. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
