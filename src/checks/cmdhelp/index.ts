/** cmdhelp v0.1 checks (CMDHELP-01…08): pure validators and the live checker. */
export { validateCmdhelpDocument, cmdhelpSchema, type CmdhelpDocumentOptions, type CmdhelpDocumentReport, type CmdhelpFinding } from './document.js';
export { parseCapabilityLine, type CapabilityLine } from './capability.js';
export { checkCmdhelpMarkdown, type MarkdownCommand, type MarkdownOptions, type MarkdownReport } from './markdown.js';
export { resolveExample, tokenizeExample, type ExampleProblem } from './examples.js';
export { checkCmdhelp, type CmdhelpCheckOptions, type CmdhelpReport } from './live.js';
