import { UsageError } from '../../errors.js';
import { runHelpdesk } from './index.js';
import { HELPDESK_PRESETS } from './presets.js';
import { reachOut } from './reach.js';

/**
 * `aoi-testkit fake helpdesk[.<fault>] [--fault ID]... [args...]`: the reference cmdhelp tool, in this process
 * (state in $AOI_TESTKIT_STATE_DIR), the preset's fault first. Returns the tool's exit status.
 */
export async function runHelpdeskPreset(preset: string, args: readonly string[]): Promise<number> {
  const found = HELPDESK_PRESETS[preset];
  if (!found) throw new UsageError(`unknown fake "${preset}"; aoi-testkit fake --list names them`);
  const result = runHelpdesk(
    [
      ...found.faults.flatMap((id) => ['--fault', id]),
      ...(args[0] === '--' ? args.slice(1) : args),
    ],
    { env: process.env },
  );
  await reachOut(result);
  await new Promise<void>((done) => process.stdout.write(result.stdout, () => done()));
  await new Promise<void>((done) => process.stderr.write(result.stderr, () => done()));
  return result.exitCode;
}
