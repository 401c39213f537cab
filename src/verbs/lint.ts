/**
 * `lint` as a library call: the config (given, or found upward and applying to this program), the options the
 * caller gave over its keys, the exec plan read, then `lintProgram`. Its errors are the kit's (`UsageError`,
 * `InputError`), each with its exit status.
 */
import { existsSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { ConfigError, configAppliesTo, loadConfig, type LoadedConfig } from '../config/index.js';
import { InputError, UsageError } from '../errors.js';
import { readExecPlan } from '../config/exec-plan.js';
import {
  assertSpecsHaveProgram,
  lintProgram,
  ProgramError,
  type ProgramOptions,
  type ProgramReport,
} from '../lint/program.js';

export interface LintRequest {
  /** The program and its arguments; undefined: the config's, or none (an application package is the only target). */
  readonly program: readonly string[] | undefined;
  /** The options given: each replaces the config's key of the same name as a whole. */
  readonly options: ProgramOptions;
  /** An exec plan's file (`--exec-plan`). */
  readonly execPlan: string | undefined;
  /** The config file (undefined: the nearest aoi-testkit.config.* or package.json key upward). */
  readonly config: string | undefined;
}

/** Lint a program as asked: its report and the command line linted. `options.onNote` hears which config applies. */
export async function lintRequested(
  request: LintRequest,
): Promise<{ report: ProgramReport; argv: string[]; sarifLocation?: string }> {
  let execPlan;
  if (request.execPlan !== undefined) {
    try {
      execPlan = readExecPlan(request.execPlan);
    } catch (error) {
      const message = (error as Error).message;
      throw (error as { notFound?: boolean }).notFound
        ? new InputError(message, 'not_found', 'EXEC_PLAN_NOT_FOUND')
        : new InputError(message, 'validation', 'EXEC_PLAN_INVALID', 65);
    }
  }
  const note = request.options.onNote;
  const found = await readConfig(request.config);
  const given = request.program;
  // A config found by searching describes its own program: linting another one does not take its keys.
  const config =
    found && (request.config !== undefined || configAppliesTo(found, given)) ? found : undefined;
  const shown = (file: string) => relative(process.cwd(), file) || file;
  if (config && note) note(`config ${shown(config.file)}`);
  else if (found && note)
    note(`config ${shown(found.file)} not applied: it describes another program`);
  const options: ProgramOptions = {
    ...config?.options,
    ...request.options,
    ...(execPlan ? { execPlan } : {}),
  };
  // The flag's or the config's: refused before any probe runs, for a library caller too.
  if (options.appDir !== undefined && !isDirectory(options.appDir))
    throw new InputError(
      `--app-dir ${options.appDir}: ${existsSync(options.appDir) ? 'not a directory' : 'no such file or directory'}`,
      'not_found',
      'APP_DIR_NOT_FOUND',
    );
  const target = given ?? config?.program;
  if (target === undefined && options.appDir === undefined)
    throw new UsageError(
      config
        ? `lint needs a program: after -- (aoi-testkit lint [options] -- <program> [args...]), or as "program" in ${config.file}`
        : 'lint needs the program after --: aoi-testkit lint [options] -- <program> [args...] (or a "program" in aoi-testkit.config.json)',
    );
  asKitError(() => assertSpecsHaveProgram(options.specs ?? [], target !== undefined));
  const argv = [...(target ?? [])];
  try {
    const report = await lintProgram(argv, options);
    return {
      report,
      argv,
      ...(config?.sarifLocation !== undefined ? { sarifLocation: config.sarifLocation } : {}),
    };
  } catch (error) {
    throw kitError(error);
  }
}

/** The config (the file given, else the nearest one upward); a bad one is an input error naming the file and the key. */
async function readConfig(file: string | undefined): Promise<LoadedConfig | undefined> {
  try {
    return await loadConfig(file === undefined ? {} : { file });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw error.exitCode === 66
      ? new InputError(`--config ${error.message}`, 'not_found', 'CONFIG_NOT_FOUND')
      : new InputError(error.message, 'config', 'CONFIG_INVALID', 65);
  }
}

/** A check of lintProgram's options before it runs: its ProgramError as the kit's. */
export function asKitError(check: () => void): void {
  try {
    check();
  } catch (error) {
    throw kitError(error);
  }
}

/** A ProgramError as the kit's: a usage error (64), or an input error with its exit status. */
function kitError(error: unknown): unknown {
  if (!(error instanceof ProgramError)) return error;
  return error.kind === 'usage'
    ? new UsageError(error.message)
    : new InputError(
        error.message,
        error.category as 'not_found' | 'config' | 'validation',
        error.code,
        error.exitCode,
      );
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
