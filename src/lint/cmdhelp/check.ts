/** The live cmdhelp check: record a tool's help surface (record.ts), then judge it (checks/cmdhelp). */
import {
  judgeCmdhelp,
  type CmdhelpJudgeOptions,
  type CmdhelpReport,
} from '../../checks/cmdhelp/judge.js';
import { judgedOnCutOutput } from '../../checks/output-cap.js';
import { assertCommandLine } from '../../run/run-probe.js';
import { recordCmdhelp, type CmdhelpRecordOptions } from './record.js';

export interface CmdhelpCheckOptions extends CmdhelpRecordOptions, CmdhelpJudgeOptions {}

/**
 * Run `command [...args]` (e.g. `node`, `['dist/bin/helpdesk.js']`) through its cmdhelp surface and judge every
 * CMDHELP rule. Never throws for a misbehaving tool; a tool that cannot be started fails CMDHELP-01.
 *
 * @example const report = await checkCmdhelp('helpdesk'); report.ok
 */
export async function checkCmdhelp(
  command: string,
  args: readonly string[] = [],
  options: CmdhelpCheckOptions = {},
): Promise<CmdhelpReport> {
  assertCommandLine('checkCmdhelp', command, args);
  const recording = await recordCmdhelp(command, args, options);
  return judgedOnCutOutput(judgeCmdhelp(recording, options), recording.capped ?? []);
}
