import { kit, must, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * RUNTIME-01…08: the duties the Agent Applications CLI contract (app-cli-contract, "what every compatible runtime
 * must implement when invoking application commands") puts on a runtime. Judged by running the runtime once per
 * runtime scenario (`aoi-testkit consumer --app-runtime`, `lintConsumer(…, { appRuntime: true })`): the kit gives it
 * a fake application package and a scripted request, answers its confirmation prompts, and compares what the
 * runtime reported (its own log) with what the application's binary saw (its own record of every invocation).
 * Sections name the contract's headings.
 */
export const RUNTIME_RULES: readonly Rule[] = withDocs([
  {
    id: 'RUNTIME-01',
    title: 'entry.command is invoked from the package root',
    characteristics: ['Verifiable'],
    sections: ['§Invoking entry.command'],
  },
  {
    id: 'RUNTIME-02',
    title: 'The answer is the JSON on stdout, never stderr',
    characteristics: ['Typed', 'Composable'],
    sections: ['§Handling JSON stdout', '§stderr as diagnostics'],
  },
  {
    id: 'RUNTIME-03',
    title: 'A non-zero exit is a failure, even when stdout is empty or unparseable',
    characteristics: ['Verifiable'],
    sections: ['§Failure output', '§Non-zero exit codes'],
  },
  {
    id: 'RUNTIME-04',
    title: 'A structured error is surfaced with its code and message',
    characteristics: ['Typed'],
    sections: ['§Non-zero exit codes', '§Error handling'],
  },
  {
    id: 'RUNTIME-05',
    title: 'A failed command is not retried without the user knowing',
    characteristics: ['Verifiable', 'Safe'],
    sections: ['§Non-zero exit codes'],
  },
  {
    id: 'RUNTIME-06',
    title: 'A confirmationRequired command runs only after the user confirmed it',
    characteristics: ['Safe'],
    sections: ['§Confirmation-required commands'],
  },
  {
    id: 'RUNTIME-07',
    title:
      'Only scheduling commands APP.md documents are invoked, and none when scheduling is not supported',
    characteristics: ['Safe', 'Discoverable'],
    sections: ['§Scheduling commands'],
  },
  {
    id: 'RUNTIME-08',
    title: 'The runtime ends on its own',
    characteristics: ['Bounded'],
    sections: ['§Invoking entry.command'],
  },
]);

const probe = subRulesJudgedBy('probe');

/** Every distinct way a runtime breaks a RUNTIME rule. */
export const RUNTIME_SUB_RULES: readonly SubRule[] = [
  probe(
    'RUNTIME-01/not-package-root',
    'error',
    'The application was invoked from a directory other than its package root',
    'Run entry.command with the package directory as the working directory, so that its relative paths resolve.',
    must(
      'Invoking entry.command',
      'Invoke entry.command from the package root, or a documented equivalent context.',
    ),
  ),
  probe(
    'RUNTIME-02/answer-not-stdout',
    'error',
    'The command succeeded with JSON on stdout, and the runtime did not report that JSON as the answer',
    'Parse stdout as JSON and report it as the result of a command that exited 0.',
    must(
      'Handling JSON stdout',
      'Parse the JSON from stdout. Do not rely on stderr or process output formatting for the primary result.',
    ),
  ),
  probe(
    'RUNTIME-02/stderr-parsed',
    'error',
    'The runtime reported JSON the application wrote on stderr as the answer',
    'Read the answer from stdout only; keep stderr as diagnostics (show it for debugging, never parse it as the result).',
    must('stderr as diagnostics', 'Do not parse stderr as structured output.'),
  ),
  probe(
    'RUNTIME-03/failure-reported-as-success',
    'error',
    'The command exited non-zero, and the runtime reported success',
    'Treat any non-zero exit code as a failure, whatever stdout holds (JSON, prose or nothing).',
    must(
      'Failure output',
      'Treat any non-zero exit code as a failure, even if stdout is empty or unparseable.',
    ),
  ),
  probe(
    'RUNTIME-04/error-dropped',
    'error',
    'The command failed with a structured JSON error, and the runtime did not report its code and message',
    'On a non-zero exit, parse stdout as {ok:false,error:{code,message}} and report error.code (for agents) and error.message (for users).',
    must(
      'Error handling',
      'Show structured error messages to the user when available (error.message from the JSON failure output).',
    ),
  ),
  probe(
    'RUNTIME-05/silent-retry',
    'error',
    'The command failed, and the runtime ran it again without telling the user first',
    'Report the failure; before a retry, let the user know (a `notice` record in the kit’s log, or a question).',
    must(
      'Non-zero exit codes',
      'Do not silently swallow the failure or retry without user awareness.',
    ),
  ),
  probe(
    'RUNTIME-06/not-asked',
    'error',
    'A command listed in confirmationRequired was run without a confirmation step before it',
    'Read confirmationRequired from APP.md; before running such a command, ask the user and wait for the answer.',
    must(
      'Confirmation-required commands',
      'Before invoking any command listed in confirmationRequired, require an explicit user confirmation step.',
    ),
  ),
  probe(
    'RUNTIME-06/run-after-denial',
    'error',
    'The user denied the confirmation, and the command was run anyway',
    'A denied (or unanswered) confirmation means the command is not run: report that it was not.',
    must(
      'Confirmation-required commands',
      "Do not invoke a destructive command on behalf of the agent without the user's approval.",
    ),
  ),
  probe(
    'RUNTIME-07/invented-scheduling',
    'error',
    'The runtime invoked a scheduling command APP.md does not document (or any, with scheduling not supported)',
    'Invoke only commands APP.md declares and documents; with scheduling notSupported or absent, attempt no scheduling invocation.',
    must(
      'Scheduling commands',
      'If scheduling is notSupported or absent, do not attempt any scheduling invocations.',
    ),
  ),
  probe(
    'RUNTIME-08/hung',
    'warning',
    'The runtime did not end within the kit’s timeout (its process tree was killed)',
    'Bound every wait: on the application, and on the user’s answer (EOF on stdin means no).',
    kit(
      'Non-zero exit codes',
      'Do not silently swallow the failure or retry without user awareness.',
    ),
  ),
];
