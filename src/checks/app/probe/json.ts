/** Reading what an application printed: one JSON document or not, the entity ids in it, a structured error. */
import type { AppRun } from './types.js';
import { isObject as isRecord } from '../../../stream/json.js';

type Parsed = { kind: 'one'; value: unknown } | { kind: 'many'; count: number } | { kind: 'none' };

/** One JSON document, several (JSON Lines / concatenated), or not JSON. */
export function parseStdout(text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none' };
  try {
    return { kind: 'one', value: JSON.parse(trimmed) };
  } catch {
    const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (lines.length > 1 && lines.every((l) => isJson(l)))
      return { kind: 'many', count: lines.length };
    return { kind: 'none' };
  }
}
const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

export const stdoutOf = (run: AppRun): string => new TextDecoder().decode(run.stdout);

/** Every `id` value (strings) anywhere in a JSON value, in document order. */
export function collectIds(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collectIds(v, out);
  else if (isRecord(value))
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && (typeof v === 'string' || typeof v === 'number')) out.push(String(v));
      else collectIds(v, out);
    }
  return out;
}

/** The ids a successful run printed, or undefined when it failed or printed no single JSON document. */
export function idsOf(run: AppRun): string[] | undefined {
  const parsed = parseStdout(stdoutOf(run));
  return run.exitCode === 0 && parsed.kind === 'one' ? collectIds(parsed.value) : undefined;
}

/** `{ok:false, …}`: the document says the command failed. */
export const saysFailed = (value: unknown): boolean => isRecord(value) && value.ok === false;

/** `{ok:false, error:{code: string, message: string}}`. */
export const isStructuredError = (value: unknown): boolean =>
  isRecord(value) &&
  value.ok === false &&
  isRecord(value.error) &&
  typeof value.error.code === 'string' &&
  typeof value.error.message === 'string';

/** `error.code` of a document, whatever its type, when it has one. */
export const errorCodeOf = (value: unknown): unknown =>
  isRecord(value) && isRecord(value.error) ? value.error.code : undefined;
