import { CMD_PATTERN } from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A well-formed dispatch request line: `_cmd` a command path, `_opts` flags, the rest the payload. */
export type DispatchLine = Json & {
  _cmd: string;
  _opts?: Record<string, boolean | string | number>;
};

/**
 * Why a parsed value is not a dispatch request, or undefined when it is one: an object whose `_cmd` is a
 * dot-separated command path and whose `_opts`, if any, map flags to booleans, strings or numbers. The one
 * definition the kit's `exec` and the reference tool's `exec` use (the checker has its own: checks/exec/output.ts).
 */
export function dispatchRequestProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  if (typeof value._cmd !== 'string') return '_cmd is missing or not a string';
  if (!CMD_PATTERN.test(value._cmd))
    return `_cmd "${value._cmd.slice(0, 40)}" is not a dot-separated command path`;
  if (value._opts !== undefined) {
    if (!isObject(value._opts)) return '_opts is not an object';
    for (const [k, v] of Object.entries(value._opts))
      if (!['boolean', 'string', 'number'].includes(typeof v))
        return `_opts.${k} is not a boolean, string or number`;
  }
  return undefined;
}

/** One input line: the request, or why it is malformed (not JSON, with the parser's message; or not a request). */
export function parseDispatchLine(
  line: string,
): { problem: string; jsonError?: string } | { request: DispatchLine } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const jsonError = (error as Error).message;
    return { problem: `not JSON (${jsonError.slice(0, 80)})`, jsonError };
  }
  const problem = dispatchRequestProblem(value);
  return problem === undefined ? { request: value as DispatchLine } : { problem };
}

/** One line of a batch as `exec` reads it: its 1-based number and text, and the request or why it is malformed. */
export type BatchLine = { readonly line: number; readonly text: string } & ReturnType<
  typeof parseDispatchLine
>;

const withoutCr = (input: string): string[] =>
  input.split('\n').map((raw) => (raw.endsWith('\r') ? raw.slice(0, -1) : raw));

/**
 * The lines of a batch (stdin, `--input-file`, or a recorded input) as `exec` reads them: 1-based line
 * numbers, a trailing CR not part of the line, blank lines skipped, each parsed. Lines given as an array
 * are taken as they are. The one reading of the kit's `exec` and the reference tool's.
 */
export function* batchLines(input: string | Uint8Array | readonly string[]): Generator<BatchLine> {
  const lines =
    typeof input === 'string' || input instanceof Uint8Array
      ? withoutCr(typeof input === 'string' ? input : Buffer.from(input).toString('utf8'))
      : input;
  for (const [i, text] of lines.entries())
    if (text.trim() !== '') yield { line: i + 1, text, ...parseDispatchLine(text) };
}
