/** cmdhelp v0.1 checks (CMDHELP-01…08): pure validators, and the judgement of a recorded help surface. */
export {
  validateCmdhelpDocument,
  cmdhelpSchema,
  type CmdhelpDocumentOptions,
  type CmdhelpDocumentReport,
  type CmdhelpFinding,
} from './document.js';
export { parseCapabilityLine, type CapabilityLine } from './capability.js';
export {
  checkCmdhelpMarkdown,
  type MarkdownCommand,
  type MarkdownOptions,
  type MarkdownReport,
} from './markdown.js';
export { resolveExample, tokenizeExample, type ExampleProblem } from './examples.js';
export { judgeCmdhelp, type CmdhelpJudgeOptions, type CmdhelpReport } from './judge.js';
export type { CapabilityProbe, CmdhelpRecording, HelpRun } from './probe/types.js';
