/**
 * An exec plan file (`--exec-plan FILE`, or `execPlan` in the config file): the lines `checkExec` sends the tool
 * under test, read and checked for shape before any probe runs. Both the config and the lint verb read one.
 */
import type { ExecPlan } from '../checks/exec/plan.js';
import { FileReadError, readInputFile } from '../read-file.js';
import { isObject } from '../stream/json.js';

const isRequest = (v: unknown) => isObject(v) && typeof v._cmd === 'string' && v._cmd !== '';

/** Why `value` is not an {@link ExecPlan}, or undefined. */
export function execPlanProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  if (!Array.isArray(value.ok) || value.ok.length === 0 || !value.ok.every(isRequest))
    return '"ok" must be a non-empty array of {"_cmd": …} lines';
  for (const key of ['failing', 'inspect', 'bulk'])
    if (!isRequest(value[key])) return `"${key}" must be a {"_cmd": …} line`;
  for (const key of ['mutating', 'bareFlag'])
    if (value[key] !== undefined && !isRequest(value[key]))
      return `"${key}" must be a {"_cmd": …} line`;
  if (value.noMutating !== undefined && typeof value.noMutating !== 'string')
    return '"noMutating" must be a string';
  if (value.valuedFlag !== undefined) {
    const v = value.valuedFlag;
    if (
      !isObject(v) ||
      !Array.isArray(v.setup) ||
      !v.setup.every(isRequest) ||
      !isRequest(v.line) ||
      !isRequest(v.without)
    )
      return '"valuedFlag" must be {"setup": [lines], "line": line, "without": line}';
  }
  return undefined;
}

/** Read an exec plan from a JSON file; throws with a message fit for the user. */
export function readExecPlan(file: string): ExecPlan {
  let source: string;
  try {
    source = readInputFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw Object.assign(
      new Error(
        `cannot read --exec-plan ${file}: ${code === 'ENOENT' ? 'no such file' : error instanceof FileReadError ? error.message : code === 'EISDIR' ? 'is a directory' : (code ?? 'unreadable')}`,
      ),
      { notFound: true },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new Error(`--exec-plan ${file} is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const problem = execPlanProblem(value);
  if (problem) throw new Error(`--exec-plan ${file} is not an exec plan: ${problem}`);
  return value as ExecPlan;
}
