/**
 * `checkAgentApplication`: validate APP.md, record the runs of its CLI (src/lint/app/record.ts), then judge
 * them (src/checks/app).
 */
import { resolve } from 'node:path';
import { judgeAgentApplication, type AppReport } from '../../checks/app/application.js';
import { validateAppPackage } from '../../checks/app/manifest.js';
import { judgedOnCutOutput } from '../../checks/output-cap.js';
import { appProbePlan } from './plan.js';
import { recordAppRuns, type AppRunOptions } from './record.js';

export interface AppCheckOptions extends AppRunOptions {
  /**
   * Invocations (argv after entry.command) run first in the fresh state, e.g. `[['add', 'Probe item']]`; each must
   * succeed (APP-15). Default: the first invocation of a creating command (`add`, `create`, …) that the APP.md body
   * documents, if any; that one may fail without a finding (the kit guessed it), and APP-14 is then not_applicable.
   */
  setup?: readonly (readonly string[])[];
  /**
   * A read invocation, run three times (APP-10, APP-14, APP-15), and around each confirmation probe (APP-13).
   * Default: the first declared command not in confirmationRequired, as the APP.md body documents it, else bare.
   */
  read?: readonly string[];
  /**
   * The argv words that ask for human output (`['--format', 'text']`), probed as opt-in (APP-10/human-sticky).
   * Default: the switch APP.md documents (`--human`, `--pretty`, `--format text`, …), if any; `[]` probes none.
   */
  humanSwitch?: readonly string[];
  /** Warnings count as errors. */
  strict?: boolean;
}

/** APP-01…09 judge APP.md and the package layout; APP-10…15 judge the runs, so only they can rest on a capped one. */
const readsAppRuns = (rule: string) => /^APP-1\d$/.test(rule);

/**
 * Check an Agent Application package: validate `<dir>/APP.md` with the package layout, then, when the
 * manifest is valid, run its entry.command (through `sh -c`, from the package root, stdin closed) in a fresh
 * state directory given in `APP_STATE_DIR` and `AOI_TESTKIT_STATE_DIR`. Never throws on a broken package.
 *
 * @example const report = await checkAgentApplication('fixtures/apps/todo', { setup: [['add', 'Probe item']] })
 */
export async function checkAgentApplication(
  dir: string,
  options: AppCheckOptions = {},
): Promise<AppReport> {
  const root = resolve(dir);
  const strict = options.strict === true;
  const manifestReport = validateAppPackage(root, { strict });
  const manifest = manifestReport.ok ? manifestReport.manifest : undefined;
  const runs = manifest
    ? await recordAppRuns(
        root,
        manifest,
        appProbePlan(manifest, manifestReport.body, options),
        options,
      )
    : undefined;
  // Values this short would mask ordinary words.
  const secrets = Object.values(options.env ?? {}).filter((v) => v.length >= 6);
  return judgedOnCutOutput(
    judgeAgentApplication(root, manifestReport, runs, { strict, secrets }),
    runs?.capped ?? [],
    readsAppRuns,
  );
}
