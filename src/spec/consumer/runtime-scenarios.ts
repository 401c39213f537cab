/**
 * The APP-runtime scenarios, as data: the Agent Application package a runtime is given, the user's request, the
 * user's answer to a confirmation prompt, how the application's binary answers each call, and what a correct
 * runtime does (the Agent Applications CLI contract's runtime duties, RUNTIME-01…08). `aoi-testkit consumer
 * --app-runtime` and `lintConsumer(…, { appRuntime: true })` run them; the contract between the kit and the
 * runtime is in docs/guides/linting-a-consumer.md.
 */

/** One answer of the application's binary: what it prints and how it exits. */
export interface AppResponse {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/** What a correct runtime does with the scenario; each field is judged only where it is given. */
export interface RuntimeExpectation {
  /** RUNTIME-02: the answer it reports (the JSON the binary printed on stdout). */
  readonly answer?: unknown;
  /** RUNTIME-02: JSON the binary printed on stderr, which must never be reported as the answer. */
  readonly notAnswer?: unknown;
  /** RUNTIME-03: it reports failure (the command exited non-zero). */
  readonly failure?: true;
  /** RUNTIME-04: the structured error it surfaces. */
  readonly error?: { readonly code: string; readonly message: string };
  /** RUNTIME-05: it runs the command once, not again after the failure. */
  readonly once?: true;
  /** RUNTIME-06: the request's command is in confirmationRequired; the user answers `answer`. */
  readonly confirmation?: 'approved' | 'denied';
  /** RUNTIME-07: the request is a scheduling command APP.md does not document: the binary is never run. */
  readonly noCall?: true;
}

/** One invocation of the application's binary, as the binary recorded it (never the runtime's account). */
export interface AppCall {
  readonly argv: readonly string[];
  readonly cwd: string;
  /** What stdin was: `pipe`, `file`, `tty`, `null` (/dev/null, a character device) or `closed`. */
  readonly stdin: string;
  readonly confirmsBefore: number;
  /**
   * The records that reached the user (`confirm`, `notice`) in the runtime's log when the call arrived: a retry after
   * one of them more is not silent (RUNTIME-05). Absent in recordings made before the kit counted them.
   */
  readonly toldBefore?: number;
}

export interface RuntimeScenarioSpec {
  /** `consumer.runtime.<name>`. */
  readonly id: string;
  readonly shape: 'runtime';
  readonly description: string;
  /** The package: the to-do application's APP.md, with scheduling supported (documenting `remind`) or not. */
  readonly app: { readonly scheduling: 'supported' | 'notSupported' };
  /** The user's request: the command and its arguments (AOI_APP_REQUEST). */
  readonly request: { readonly command: string; readonly args: readonly string[] };
  /** The line the kit writes on the runtime's stdin before closing it: the user's answer to a prompt. */
  readonly answer: 'yes' | 'no' | null;
  /** The binary's answer to its n-th call (the last repeats). */
  readonly responses: readonly AppResponse[];
  readonly expect: RuntimeExpectation;
}

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;
const ITEM = {
  id: 'td_0001',
  title: 'Write docs',
  description: '',
  status: 'open',
  dueAt: '2026-04-05',
  createdAt: '2026-04-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
  completedAt: null,
};
const LISTED = { ok: true, command: 'list', count: 1, items: [ITEM] };
/** What a runtime that parses stderr would take for the answer: an empty list. */
const STDERR_LISTED = { ok: true, command: 'list', count: 0, items: [], debug: 'cache hit' };
const NOT_FOUND = {
  ok: false,
  error: { code: 'NOT_FOUND', message: 'No to-do has the id td_0042.' },
};
const UNAVAILABLE = {
  ok: false,
  error: { code: 'STATE_LOCKED', message: 'The to-do state is locked by another process.' },
};
const COMPLETED = {
  ok: true,
  command: 'complete',
  item: { ...ITEM, status: 'done', completedAt: '2026-04-02T00:00:00.000Z' },
};
const REMOVED = { ok: true, command: 'remove', removed: 'td_0001' };
const REMINDER = { ok: true, command: 'remind', id: 'td_0001', at: '2026-04-05T09:00:00Z' };
const TODO = { scheduling: 'notSupported' } as const;

const scenario = (
  name: string,
  description: string,
  fields: Omit<RuntimeScenarioSpec, 'id' | 'shape' | 'description' | 'app' | 'answer'> &
    Partial<Pick<RuntimeScenarioSpec, 'app' | 'answer'>>,
): RuntimeScenarioSpec => ({
  id: `consumer.runtime.${name}`,
  shape: 'runtime',
  description,
  app: TODO,
  answer: null,
  ...fields,
});

export const RUNTIME_SCENARIOS: readonly RuntimeScenarioSpec[] = [
  scenario(
    'list',
    'list succeeds: one JSON document on stdout, a line of diagnostics on stderr, exit 0.',
    {
      request: { command: 'list', args: [] },
      responses: [{ stdout: json(LISTED), stderr: 'debug: read 1 item from state\n', code: 0 }],
      expect: { answer: LISTED },
    },
  ),
  scenario(
    'stderr-json',
    'list succeeds with its JSON on stdout, and writes a different JSON document on stderr as a diagnostic.',
    {
      request: { command: 'list', args: [] },
      responses: [{ stdout: json(LISTED), stderr: json(STDERR_LISTED), code: 0 }],
      expect: { answer: LISTED, notAnswer: STDERR_LISTED },
    },
  ),
  scenario(
    'prose-stdout',
    'list exits 0 with prose on stdout (no JSON) and a JSON document on stderr: the stderr JSON is not the answer.',
    {
      request: { command: 'list', args: [] },
      responses: [{ stdout: 'Listed 1 to-do.\n', stderr: json(STDERR_LISTED), code: 0 }],
      expect: { notAnswer: STDERR_LISTED },
    },
  ),
  scenario(
    'failed-structured',
    'complete td_0042 fails: exit 1 with {ok:false,error:{code:NOT_FOUND,message}} on stdout.',
    {
      request: { command: 'complete', args: ['td_0042'] },
      responses: [{ stdout: json(NOT_FOUND), stderr: '', code: 1 }],
      expect: { failure: true, error: NOT_FOUND.error, once: true },
    },
  ),
  scenario('failed-empty-stdout', 'list fails: exit 1, nothing on stdout, a message on stderr.', {
    request: { command: 'list', args: [] },
    responses: [{ stdout: '', stderr: 'Error: the state file is locked\n', code: 1 }],
    expect: { failure: true, once: true },
  }),
  scenario('failed-prose-stdout', 'list fails: exit 2 with prose on stdout (unparseable).', {
    request: { command: 'list', args: [] },
    responses: [{ stdout: 'Something went wrong.\n', stderr: '', code: 2 }],
    expect: { failure: true, once: true },
  }),
  scenario(
    'failed-then-succeeds',
    'complete td_0001 fails once with a structured error (exit 1); run again, it would succeed: a runtime that retries hides the failure.',
    {
      request: { command: 'complete', args: ['td_0001'] },
      responses: [
        { stdout: json(UNAVAILABLE), stderr: '', code: 1 },
        { stdout: json(COMPLETED), stderr: '', code: 0 },
      ],
      expect: { failure: true, error: UNAVAILABLE.error, once: true },
    },
  ),
  scenario(
    'confirm-approved',
    'remove td_0001 --confirm (remove is confirmationRequired); the user answers yes: the runtime asks, then runs it.',
    {
      request: { command: 'remove', args: ['td_0001', '--confirm'] },
      answer: 'yes',
      responses: [{ stdout: json(REMOVED), stderr: '', code: 0 }],
      expect: { confirmation: 'approved', answer: REMOVED },
    },
  ),
  scenario(
    'confirm-denied',
    'remove td_0001 --confirm (remove is confirmationRequired); the user answers no: the command is not run.',
    {
      request: { command: 'remove', args: ['td_0001', '--confirm'] },
      answer: 'no',
      responses: [{ stdout: json(REMOVED), stderr: '', code: 0 }],
      expect: { confirmation: 'denied' },
    },
  ),
  scenario(
    'schedule-not-supported',
    'The user asks to schedule td_0001; APP.md says scheduling: notSupported: no scheduling invocation is attempted.',
    {
      request: { command: 'schedule', args: ['td_0001', '--at', '2026-04-05T09:00:00Z'] },
      responses: [
        {
          stdout: json({
            ok: false,
            error: { code: 'UNKNOWN_COMMAND', message: 'Unknown command: schedule.' },
          }),
          stderr: '',
          code: 1,
        },
      ],
      expect: { noCall: true },
    },
  ),
  scenario(
    'schedule-undocumented',
    'scheduling: supported, and APP.md documents remind; the user asks for schedule, which it does not document: not invoked.',
    {
      app: { scheduling: 'supported' },
      request: { command: 'schedule', args: ['td_0001', '--at', '2026-04-05T09:00:00Z'] },
      responses: [{ stdout: json(REMINDER), stderr: '', code: 0 }],
      expect: { noCall: true },
    },
  ),
  scenario(
    'schedule-documented',
    'scheduling: supported, and APP.md documents remind; the user asks for remind: it is invoked and its JSON is the answer.',
    {
      app: { scheduling: 'supported' },
      request: { command: 'remind', args: ['td_0001', '--at', '2026-04-05T09:00:00Z'] },
      responses: [{ stdout: json(REMINDER), stderr: '', code: 0 }],
      expect: { answer: REMINDER },
    },
  ),
];

/** The rules a runtime scenario judges: where the binary was run from and that the runtime ended, always; the rest as `expect` says. */
export function runtimeRulesOf(scenario: RuntimeScenarioSpec): string[] {
  const { expect } = scenario;
  const rules = new Set(['RUNTIME-08']);
  if (!expect.noCall && expect.confirmation !== 'denied') rules.add('RUNTIME-01');
  if (expect.answer !== undefined || expect.notAnswer !== undefined) rules.add('RUNTIME-02');
  if (expect.failure) rules.add('RUNTIME-03');
  if (expect.error) rules.add('RUNTIME-04');
  if (expect.once) rules.add('RUNTIME-05');
  if (expect.confirmation) rules.add('RUNTIME-06');
  if (expect.noCall) rules.add('RUNTIME-07');
  return [...rules].sort();
}
