export {
  checkExecOutput,
  parseExecInput,
  requestProblem,
  EXEC_DOCUMENT_RULE_IDS,
  type ExecOutputOptions,
  type ExecOutputReport,
  type ExecOutputLine,
  type ExecRequestLine,
} from './output.js';
export {
  judgeExec,
  EXEC_RULE_IDS,
  type ExecJudgeOptions,
  type ExecProbeRecord,
  type ExecReport,
} from './judge.js';
export { candidateAnswers, planCandidates, planFromAnswers, type ExecPlan } from './plan.js';
export type { ExecProbeKey, ExecRecording, ExecRun } from './probe/types.js';
