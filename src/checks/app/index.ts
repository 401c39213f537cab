export {
  validateAppManifest,
  validateAppPackage,
  commandFiles,
  type AppManifestOptions,
  type AppManifestReport,
} from './manifest.js';
export { judgeAgentApplication, type AppJudgeOptions, type AppReport } from './application.js';
export { collectIds, isStructuredError, parseStdout } from './probe/json.js';
export type {
  AppConfirmationProbe,
  AppInvocation,
  AppProbePlan,
  AppRun,
  AppRuns,
} from './probe/types.js';
