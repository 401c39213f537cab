export { checkExecOutput, parseExecInput, requestProblem, EXEC_DOCUMENT_RULE_IDS, type ExecOutputOptions, type ExecOutputReport, type ExecOutputLine, type ExecRequestLine } from './output.js';
export { checkExec, EXEC_RULE_IDS, type CheckExecOptions, type ExecPlan, type ExecProbeRecord, type ExecReport } from './live.js';
export { planCandidates, planFromAnswers, DEFAULT_MANIFEST_ARGS } from './plan.js';
