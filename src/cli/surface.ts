/**
 * The kit CLI's surface, declared once: every verb with its summary, arguments, flags, exit codes and examples
 * (cmdhelp v0.1 fields), each flag's line in the usage text, whether and how `exec` dispatches the verb, and
 * what the kit's AOI capabilities say of it. Everything else is derived from this table: the usage text
 * (usage.ts), the cmdhelp tree that `help` renders (help.ts), the options each verb's parser accepts
 * (parseOptions), the payload keys of `exec` and its dispatch manifest (exec.ts), and the commands of
 * `capabilities` (discovery.ts).
 */
import { SCENARIO_KINDS, SCENARIO_SPECS } from '../corpus/kinds.js';
import { DOCUMENT_KINDS } from '../spec/document-kinds.js';
import { LIVE_SPEC_IDS, SPECS } from '../spec/specs.js';
import { CONTRACT_SURFACES } from '../spec/compat/contract.js';
import {
  CORPUS_REPORTER_NAMES,
  REPORTER_INFO,
  REPORTER_NAMES,
  type ReporterName,
} from '../report/names.js';
import type { CmdhelpCommand, CmdhelpFlag } from '../spec/cmdhelp/types.js';
import type { ExecKey } from '../verbs/exec.js';

export const SUMMARY =
  'aoi-testkit — the reference test kit for agent-operable CLIs (AOI-CLI v0.2)';
export const HELP_FORMATS = ['text', 'md', 'json', 'llm'] as const;

export interface Flag extends CmdhelpFlag {
  /** Another name the parser accepts for the flag (`--format` for `--output`). */
  alias?: string;
  /** The flag's line in the usage text: the value's name (default: the enum, else the format) and the text (continuation lines after `\n`). */
  usage?: { value?: string; text: string };
  /** An int flag's accepted values, inclusive (intFlag in usage.ts rejects the others with this range; the description states it). */
  range?: readonly [min: number, max: number];
}

export interface Verb<
  F extends Record<string, Flag> = Record<string, Flag>,
> extends CmdhelpCommand {
  flags?: F;
  /** The exec manifest's danger level (default safe). */
  danger?: 'mutating';
  /** Listed in the kit's AOI capabilities (read-only, all of them): where it reads input from, the events it emits besides the framework's. */
  aoi?: { input_modes?: string[]; events: string[] };
  /** Dispatched by `exec`: the keys a line may carry, its own inputs first, then these flags of the verb. */
  exec?: { input?: Record<string, ExecKey>; flags?: readonly (keyof F & string)[] };
}

/** A verb of the table (checks that its exec flags are flags of its own). */
const verb = <F extends Record<string, Flag>, V extends Verb<F>>(v: V & { flags?: F }): V => v;

const output = (values: string[], dflt: string): Flag => ({
  type: 'enum',
  enum: values,
  default: dflt,
  description: `Output format (also --format): ${values.join(' or ')}`,
  alias: 'format',
  usage: { text: 'text for people (default) or AOI JSONL (also --format)' },
});
const STRICT: Flag = {
  type: 'bool',
  description: 'Treat warnings as failures',
  usage: { text: 'treat warnings as failures' },
};
const COLOR: Flag = {
  type: 'bool',
  negate_flag: '--no-color',
  description:
    'Colour in text output (default: when stdout is a terminal; FORCE_COLOR turns it on, --no-color, NO_COLOR or TERM=dumb off)',
  usage: { text: 'no colour in text output (also NO_COLOR; FORCE_COLOR forces it)' },
};
/** Reporters as `a, b (…) or c`, each with what it writes where its name does not say it. */
const reportersAbout = (
  names: readonly ReporterName[],
  about: (info: { about?: string; corpus?: string }) => string | undefined,
) => {
  const named = names.map((name) => {
    const text = about(REPORTER_INFO[name] as { about?: string; corpus?: string });
    return text ? `${name} (${text})` : name;
  });
  return `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
};
const REPORTERS_ABOUT = reportersAbout(REPORTER_NAMES, (info) => info.about);
/** The reporters of a corpus run (`scenarios --run`), with what they write of one. */
const CORPUS_REPORTERS_ABOUT = reportersAbout(CORPUS_REPORTER_NAMES, (info) => info.corpus);
/** The live specs' rule ids, as `AOI-nn, CMDHELP-nn, …`. */
const LIVE_RULE_IDS = SPECS.filter((s) => s.live)
  .map((s) => `${s.prefix}-nn`)
  .join(', ');
/** The reporting flags of every verb that reports (their parsing: cli/reporting.ts; their delivery: verbs/deliver.ts). */
const REPORTING: Record<'reporter' | 'baseline' | 'write-baseline', Flag> = {
  reporter: {
    type: 'string',
    repeatable: true,
    format: 'NAME[=PATH]',
    description: `A reporter: ${REPORTERS_ABOUT}; =PATH writes it to a file (one may go to stdout; text when none does)`,
    usage: {
      value: 'NAME[=PATH]',
      text: `${REPORTER_NAMES.join('|')}, to stdout or =PATH\n(repeatable; one on stdout, text when none is)`,
    },
  },
  baseline: {
    type: 'path',
    description:
      'Known failures (rule, command, sub-rule) that do not fail the run; an entry that no longer fails does',
    usage: { value: 'FILE', text: 'known failures that do not fail the run; a stale entry does' },
  },
  'write-baseline': {
    type: 'path',
    description:
      'Write the failures of this run as a baseline (the run is then judged against --baseline, else this one)',
    usage: { value: 'FILE', text: "write this run's failures as a baseline file" },
  },
};
/** `--shard I/N` of every verb whose work a CI matrix can split (src/shard.ts). */
const SHARD: Flag = {
  type: 'string',
  format: 'I/N',
  description:
    'Only shard I of N (1 ≤ I ≤ N ≤ 64): each unit of work goes to the shard its id hashes to, the same in every run; write each shard with --reporter blob=FILE and join them with merge-reports',
  usage: {
    value: 'I/N',
    text: 'only shard I of N; join the --reporter blob files with merge-reports',
  },
};
const REPORT_EXIT = {
  when: 'a --reporter file or --write-baseline file cannot be written',
  recovery: 'Check the directory exists and is writable',
};
const USAGE_EXIT = {
  when: 'usage error',
  recovery: 'Run aoi-testkit help <command> and fix the flags',
};
const INPUT_EXIT = { when: 'the input file is missing or unreadable', recovery: 'Check the path' };

export const GLOBAL_FLAGS: Record<string, CmdhelpFlag> = {
  'schema-version': {
    type: 'enum',
    enum: ['1'],
    description: 'Major version of the kit’s own events (only 1 exists); not taken by fake',
  },
};

/** How contract and compat run a tool's discovery (the lint's own options, for the discovery probes alone). */
const CONTRACT_FLAGS: Record<string, Flag> = {
  'machine-flag': {
    type: 'string',
    description:
      'The argv that selects the tool’s machine mode (default --output jsonl); discovery asks for JSON the same way ("--format jsonl" → --format json)',
    usage: { value: '"ARGS"', text: 'what selects machine mode (default "--output jsonl")' },
  },
  'schema-command': {
    type: 'string',
    description: 'The discovery command (default schema; e.g. aoi-schema, the §16.4 alias)',
    usage: { value: '"WORDS"', text: 'the discovery command (default schema)' },
  },
  'exec-manifest': {
    type: 'string',
    description:
      'The words that print the dispatch manifest (default: manifest --output json, else exec manifest --output json if its help documents it)',
    usage: { value: '"WORDS"', text: 'what prints the dispatch manifest' },
  },
  surface: {
    type: 'string',
    repeatable: true,
    description: `Record only these surfaces: ${CONTRACT_SURFACES.join(', ')} (default: every one the tool offers)`,
    usage: { value: CONTRACT_SURFACES.join('|'), text: 'record only this surface (repeatable)' },
  },
  env: {
    type: 'string',
    repeatable: true,
    format: 'NAME=VALUE',
    description:
      'Set for every discovery run (values never printed; {stateDir}, {home} as in lint)',
    usage: { text: 'set for every discovery run (repeatable; values never printed)' },
  },
  'caller-home': {
    type: 'bool',
    description:
      "Give the discovery probes the caller's HOME, XDG directories and TMPDIR instead of fresh ones",
    usage: { text: 'probes get your HOME, XDG dirs and TMPDIR' },
  },
  'timeout-ms': {
    type: 'int',
    default: 10000,
    range: [100, 3600000],
    description: 'Per discovery run (100 to 3600000)',
    usage: { value: 'N', text: 'per discovery run (default 10000; 100 to 3600000)' },
  },
  'max-output-bytes': {
    type: 'int',
    default: 67108864,
    range: [1024, 1073741824],
    description:
      'Per discovery run: stdout plus stderr read before the kit stops and kills the tool (1024 to 1073741824)',
    usage: { value: 'N', text: 'output read per discovery run (default 67108864)' },
  },
};

/**
 * The kit CLI's verbs, keyed by path (all leaves), in the order help lists them. Every example is a real
 * invocation (test/integration/cli-cmdhelp.test.ts runs the self-contained ones). A usage text that starts
 * with a space keeps the printed usage text's columns as they were.
 */
export const VERBS = {
  check: verb({
    summary:
      'Check a recorded machine-mode stream against the AOI stream rules, or a recorded discovery document against the rules the live lint applies to it.',
    args: [
      {
        name: 'file',
        type: 'path',
        required: false,
        description:
          'The recorded stream (JSONL) or document (capabilities, schema, help JSON, dispatch manifest, APP.md, AGENT-CLI.md); - or none: stdin',
      },
    ],
    flags: {
      output: output(['text', 'jsonl'], 'text'),
      ...REPORTING,
      kind: {
        type: 'enum',
        enum: ['stream', ...DOCUMENT_KINDS],
        description:
          'What FILE is: a machine-mode stream, or a discovery document judged by the rules the live lint applies to it (default: read from its name and content; a stream flag means stream)',
        usage: {
          value: 'K',
          text: 'stream, or a document: capabilities, schema, cmdhelp, cmdhelp-capability,\nexec-manifest, app (APP.md), agent-cli (AGENT-CLI.md) (default: read from the file)',
        },
      },
      unbounded: {
        type: 'bool',
        description: 'The stream is from an unbounded command (watch, tail)',
        usage: { text: 'the stream is from an unbounded command (watch, tail)' },
      },
      strict: STRICT,
      'exit-code': {
        type: 'int',
        range: [0, 255],
        description: 'The exit status of the process that wrote the stream (0 to 255)',
        usage: { value: 'N', text: 'the exit status of the process that wrote the stream' },
      },
      signal: {
        type: 'string',
        description: 'The signal that ended it (e.g. SIGKILL; a signal name of this system)',
        usage: { value: 'NAME', text: 'the signal that ended it (e.g. SIGKILL)' },
      },
      'expect-schema-version': {
        type: 'string',
        description: 'The schema version the producer was asked for (AOI-13)',
        usage: {
          value: 'V',
          text: "the schema version the stream's producer was asked for (AOI-13)",
        },
      },
      'max-line-bytes': {
        type: 'int',
        default: 16777216,
        range: [64, 1073741824],
        description:
          'The longest line judged, in bytes; a longer one is skipped unchecked and fails AOI-02/line-too-long (64 to 1073741824)',
        usage: {
          value: 'N',
          text: 'the longest line judged (default 16777216; 64 to 1073741824);\na longer one fails AOI-02/line-too-long',
        },
      },
      secret: {
        type: 'string',
        repeatable: true,
        description:
          'A secret the producer was given (a canary in its argv, env or a URL): any raw, URL-encoded or base64 form of it in the stream fails AOI-09/secret-echoed; the kit masks it in every output and never prints it',
        usage: {
          value: 'VALUE',
          text: 'a secret the producer was given: echoing it fails AOI-09\n(repeatable; masked in every output, never printed)',
        },
      },
      color: COLOR,
    },
    stdin: { accepted: true, format: 'application/jsonl' },
    stdout: {
      text_template: 'aoi-testkit check {file}: {lines} line(s), {events} event(s)',
      json_schema_ref: 'aoi-testkit schema --output json',
    },
    exit_codes: {
      '0': 'conformant (or only failures --baseline knows)',
      '1': {
        when: 'a rule failed, or a --baseline entry no longer fails',
        recovery: 'Read the failing aoi:check and docs/rules/<RULE-ID>.md',
      },
      '64': USAGE_EXIT,
      '65': { when: 'the --baseline file is not a baseline' },
      '66': INPUT_EXIT,
      '73': REPORT_EXIT,
    },
    examples: [
      {
        cmd: 'aoi-testkit check run.jsonl --exit-code 0',
        note: 'judge a recorded stream and the exit status that ended it',
      },
      {
        cmd: 'aoi-testkit check - --output jsonl --strict',
        note: 'the stream on stdin, the answer as AOI JSONL, warnings fail',
      },
      {
        cmd: 'aoi-testkit check capabilities.json --kind capabilities',
        note: 'a capabilities manifest saved from a tool, judged as the lint judges it',
      },
    ],
    see_also: ['lint', 'exec', 'compat'],
    stability: 'stable',
    // Reads the stream to judge from a file or stdin: text input, not AOI-12 JSONL input (a bad line is a finding).
    aoi: { input_modes: ['stdin', 'file'], events: ['aoi:check'] },
    // Not --secret: a secret has no place in a batch file.
    exec: {
      input: { file: 'string', stream: 'string', events: 'objects' },
      flags: [
        'unbounded',
        'strict',
        'exit-code',
        'signal',
        'expect-schema-version',
        'max-line-bytes',
      ],
    },
  }),
  lint: verb({
    summary:
      'Judge a live CLI: the 13 AOI rules, cmdhelp, exec, or an Agent Application (default: what it supports).',
    args: [
      {
        name: 'program',
        type: 'path',
        description: 'The program to probe, after -- (not needed with --app-dir alone)',
      },
      { name: 'args', type: 'string', repeatable: true, description: 'Its arguments' },
    ],
    flags: {
      spec: {
        type: 'string',
        repeatable: true,
        description: `${[...LIVE_SPEC_IDS].join(', ')} or all, comma-separated or repeated (default: detect and say what was found)`,
        usage: {
          value: `${[...LIVE_SPEC_IDS, 'all'].join('|')}`,
          text: ' judge these specs (repeatable or comma-separated; default: detect and say what was found)',
        },
      },
      'exec-plan': {
        type: 'path',
        description:
          'JSON lines exec is driven with: {ok, failing, inspect, bulk, mutating?, bareFlag?, valuedFlag?} (default: a plan built from the manifest’s safe commands)',
        usage: {
          value: 'FILE',
          text: 'JSON lines exec is driven with: {ok, failing, inspect, bulk, mutating?, ...}\n(default: a plan built from the safe commands of the dispatch manifest)',
        },
      },
      'exec-manifest': {
        type: 'string',
        description:
          'The words that print the dispatch manifest (default: manifest --output json, else exec manifest --output json if help exec documents it)',
        usage: {
          value: '"WORDS"',
          text: 'what prints the dispatch manifest (default: manifest --output json, else\nexec manifest --output json if its cmdhelp documents it; elsewhere: EXEC-01 warns)',
        },
      },
      'exec-envelope': {
        type: 'enum',
        enum: ['either', 'meta', 'top-level'],
        default: 'either',
        description: 'Where exec envelopes must carry _cmd and _line',
        usage: { text: ' where _cmd and _line must be (default either)' },
      },
      'exec-failure': {
        type: 'enum',
        enum: ['either', 'stops', 'one-in-one-out'],
        default: 'either',
        description:
          'What exec must do after a failed line without --ignore-errors: stop, answer every line, or either',
        usage: {
          text: ' after a failed line without --ignore-errors: stops, one-in-one-out\nor either (default)',
        },
      },
      'app-dir': {
        type: 'path',
        description:
          'The Agent Application package (default: an APP.md in the cwd or the program’s package)',
        usage: {
          value: 'DIR',
          text: "the application package (default: an APP.md in the cwd or in the program's package)",
        },
      },
      'app-setup': {
        type: 'string',
        repeatable: true,
        description:
          'An app invocation run first (default: the first add/create invocation the APP.md body documents)',
        usage: {
          value: '"ARGS"',
          text: "an app invocation run first, e.g. 'add \"Probe item\"' (repeatable; default: the first\nadd/create invocation APP.md's body documents)",
        },
      },
      'app-read': {
        type: 'string',
        description:
          'The app’s read invocation (default: its first command outside confirmationRequired)',
        usage: {
          value: '"ARGS"',
          text: "the app's read invocation (default: its first command outside confirmationRequired)",
        },
      },
      'app-human': {
        type: 'string',
        description:
          'The app’s human-output switch, probed as opt-in ("" for none; default: the one APP.md documents, e.g. --human)',
        usage: {
          value: '"ARGS"',
          text: 'the app\'s human-output switch, probed as opt-in ("" for none;\ndefault: the one APP.md documents, e.g. --human or --format text)',
        },
      },
      invoke: {
        type: 'string',
        repeatable: true,
        description: 'A command to probe (default: those capabilities lists)',
        usage: {
          value: '"CMD ARGS"',
          text: 'a command to probe (repeatable; default: those capabilities lists)',
        },
      },
      setup: {
        type: 'string',
        repeatable: true,
        description: 'Run once to seed the state each probe starts a copy of',
        usage: {
          value: '"CMD ARGS"',
          text: 'run once to seed the state each probe starts a copy of (repeatable)',
        },
      },
      'machine-flag': {
        type: 'string',
        description:
          'The argv that selects the tool’s machine mode (default --output jsonl; e.g. "--format jsonl"; "" for a tool that only speaks JSONL)',
        usage: {
          value: '"ARGS"',
          text: 'what selects machine mode (default "--output jsonl"; "--format jsonl";\n"" for a JSONL-only tool); discovery then asks for json the same way',
        },
      },
      'schema-command': {
        type: 'string',
        description: 'The discovery command (default schema; e.g. aoi-schema, the §16.4 alias)',
        usage: {
          value: '"WORDS"',
          text: 'the discovery command (default schema; e.g. aoi-schema, §16.4)',
        },
      },
      observe: {
        type: 'string',
        repeatable: true,
        description:
          'A read-only command with no required argument, run before and after each mutating probe to see its side effects (default: those capabilities declare read-only)',
        usage: {
          value: '"CMD ARGS"',
          text: 'a read-only command run before and after each mutating probe, in its state, to see\nside effects not on disk (repeatable; default: the read-only commands capabilities list)',
        },
      },
      env: {
        type: 'string',
        repeatable: true,
        format: 'NAME=VALUE',
        description: 'Set for every run (values never printed)',
        usage: { text: 'set for every run (repeatable; values never printed)' },
      },
      'watch-outside': {
        type: 'bool',
        description:
          "Report writes to the caller's cwd, its parent and the real HOME during a probe (AOI-06/wrote-outside-sandbox); only where nothing else writes there meanwhile",
        usage: {
          text: 'report writes to your cwd, its parent and your HOME during a probe\n(only where nothing else writes there meanwhile)',
        },
      },
      'caller-home': {
        type: 'bool',
        description:
          "Give AOI probes the caller's HOME, XDG directories and TMPDIR instead of fresh ones in each probe's sandbox (a tool that must read your configuration)",
        usage: {
          text: 'probes get your HOME, XDG dirs and TMPDIR, not fresh ones per probe\n(a tool that must read your configuration; its writes there are then yours)',
        },
      },
      only: {
        type: 'string',
        repeatable: true,
        description: `Judge only this rule (${LIVE_RULE_IDS})`,
        usage: { value: 'RULE-ID', text: `judge only this rule (repeatable; ${LIVE_RULE_IDS})` },
      },
      // Node's timers overflow past 2^31-1 ms (to 1 ms); an hour is more than any probe needs.
      'timeout-ms': {
        type: 'int',
        default: 10000,
        range: [100, 3600000],
        description:
          'Per run, for every probe of every spec and the start check (100 to 3600000); unset, each spec keeps its own (AOI 10000, cmdhelp 30000, exec 20000, app 15000); detection uses at most 10000 (5000 unset), exec at least 1000',
        usage: {
          value: 'N',
          text: 'per-run timeout of every probe of every spec (default: AOI 10000,\ncmdhelp 30000, exec 20000, app 15000; detection at most 10000; 100 to 3600000)',
        },
      },
      'max-output-bytes': {
        type: 'int',
        default: 67108864,
        range: [1024, 1073741824],
        description:
          'Per run, for every probe of every spec, detection and the start check: stdout plus stderr read before the kit stops and kills the tool; a capped run is reported, never judged as complete; a tool that floods every command can make the kit hold about 3 times this at once (1024 to 1073741824)',
        usage: {
          value: 'N',
          text: 'output read per run (every probe of every spec, detection, start check)\nbefore the kit kills the tool (default 67108864; 1024 to 1073741824)',
        },
      },
      strict: STRICT,
      output: output(['text', 'jsonl'], 'text'),
      ...REPORTING,
      quiet: {
        type: 'bool',
        description:
          'No progress and no notes on stderr (errors still go there); the report is unchanged',
        usage: { text: 'no progress or notes on stderr (errors still)' },
      },
      'sarif-location': {
        type: 'string',
        format: 'FILE[:LINE]',
        description:
          'Where SARIF results and GitHub annotations place findings about the live tool (default: the package.json bin or pyproject.toml script line that declares it, else its script in the working directory, else the project manifest)',
        usage: {
          value: 'FILE[:LINE]',
          text: 'where SARIF and annotations place findings (default: the line that\ndeclares the command, its script, or the project manifest)',
        },
      },
      config: {
        type: 'path',
        description:
          'The config file (default: the nearest aoi-testkit.config.{js,mjs,cjs,json} or package.json "aoi-testkit" key from the cwd upward); flags override its keys',
        usage: {
          value: 'FILE',
          text: 'the config file (default: the nearest aoi-testkit.config.* or package.json\n"aoi-testkit" key from the cwd upward); flags override its keys',
        },
      },
      shard: SHARD,
      color: COLOR,
    },
    exit_codes: {
      '0': 'conformant (or only failures --baseline knows)',
      '1': { when: 'a rule failed, or a --baseline entry no longer fails' },
      '64': USAGE_EXIT,
      '65': {
        when: 'lint setup failed, the --exec-plan or the config is invalid, or the --baseline file is not a baseline',
        recovery:
          'Check the --setup commands, the plan, the config key the message names and the baseline',
      },
      '66': {
        when: 'the program or a file cannot be found (also a script the program cannot open)',
      },
      '69': {
        when: 'the program cannot start: not executable, or it fails alike for --help, schema and capabilities',
        recovery: 'Run the program by hand; the message quotes its first stderr line',
      },
      '73': REPORT_EXIT,
    },
    examples: [
      {
        cmd: 'aoi-testkit lint --output jsonl -- aoi-testkit fake well-behaved',
        note: 'lint the reference tool',
      },
      { cmd: 'aoi-testkit lint --spec cmdhelp -- helpdesk', note: 'only the cmdhelp rules' },
      {
        cmd: 'aoi-testkit lint --spec exec --exec-envelope meta -- aoi-testkit',
        note: 'the kit’s own exec, _cmd and _line in meta only',
      },
      {
        cmd: 'aoi-testkit lint --only AOI-06 --invoke "list" -- notes',
        note: 'one rule, one command',
      },
      {
        cmd: 'aoi-testkit lint --app-dir fixtures/apps/todo --app-setup "add \'Probe item\'"',
        note: 'an Agent Application, seeded with one item',
      },
    ],
    see_also: ['check', 'fake'],
    stability: 'stable',
    aoi: { events: ['aoi:check'] },
  }),
  consumer: verb({
    summary:
      'Judge a consumer in any language: of AOI streams, a transformer or sink reading stdin, or a wrapper that runs a tool (--as NAME), CONSUMER-01…08; or an Agent Application runtime (--app-runtime), RUNTIME-01…08.',
    args: [
      { name: 'program', type: 'path', description: 'The consumer to run, after --' },
      { name: 'args', type: 'string', repeatable: true, description: 'Its arguments' },
    ],
    flags: {
      as: {
        type: 'string',
        description:
          'The command name the consumer runs: each scenario’s fake tool is put first on PATH under it (default: the consumer reads the stream on stdin)',
        usage: {
          value: 'NAME',
          text: 'the consumer runs the tool NAME: a fake goes first on PATH under it\n(default: the consumer reads the upstream on stdin)',
        },
      },
      'app-runtime': {
        type: 'bool',
        description:
          'The consumer is an Agent Application runtime: per scenario it gets a fake package ($AOI_APP_DIR), a request ($AOI_APP_REQUEST) and a log file ($AOI_RUNTIME_LOG), and the user’s answer on stdin (RUNTIME-01…08)',
        usage: {
          text: 'the consumer is an APP runtime: a fake package in $AOI_APP_DIR, a request\nin $AOI_APP_REQUEST, its log to $AOI_RUNTIME_LOG (RUNTIME-01…08)',
        },
      },
      'continue-on-error': {
        type: 'bool',
        description:
          'The stdin reader was run per-line tolerant (its own --continue-on-error, AOI-CLI §12.2): run the tolerant scenarios, where a malformed line must be reported (aoi:error or aoi:warning) and passed over',
        usage: {
          text: 'the stdin reader was run per-line tolerant: malformed lines must be\nreported and passed over (§12.2)',
        },
      },
      unbounded: {
        type: 'bool',
        description:
          'The stdin reader was run for a documented unbounded upstream (watch, tail; AOI-CLI §4.2): run the unbounded scenarios, where EOF without a summary is the end, not a crash',
        usage: {
          text: 'the stdin reader was run for an unbounded upstream (watch, tail):\nEOF without a summary is its end (§4.2)',
        },
      },
      scenario: {
        type: 'string',
        repeatable: true,
        description:
          'Run only this consumer scenario (aoi-testkit scenarios --kind consumer lists them)',
        usage: { value: 'ID', text: 'only this scenario (repeatable; scenarios --kind consumer)' },
      },
      'timeout-ms': {
        type: 'int',
        default: 60000,
        range: [100, 3600000],
        description:
          'Per scenario, how long the consumer may run before it counts as hung and its process tree is killed (100 to 3600000)',
        usage: {
          value: 'N',
          text: 'per scenario, before the consumer counts as hung (default 60000)',
        },
      },
      output: output(['text', 'jsonl'], 'text'),
      ...REPORTING,
      shard: SHARD,
      color: COLOR,
    },
    exit_codes: {
      '0': 'every consumer rule holds (or only failures --baseline knows)',
      '1': { when: 'a rule failed, or a --baseline entry no longer fails' },
      '64': USAGE_EXIT,
      '65': {
        when: 'the consumer never ran the --as tool (with --app-runtime: the application), or --baseline is not a baseline',
        recovery: 'Give --as the command name the consumer runs',
      },
      '66': { when: 'the consumer program cannot be found' },
      '69': { when: 'the consumer program cannot start (not executable)' },
      '73': REPORT_EXIT,
    },
    examples: [
      {
        cmd: 'aoi-testkit consumer -- python3 examples/consumers/python/transformer.py',
        note: 'a transformer reading AOI JSONL on stdin',
      },
      {
        cmd: 'aoi-testkit consumer --as notes --output jsonl -- node examples/consumers/js/wrapper.mjs',
        note: 'a wrapper that runs the tool notes',
      },
      {
        cmd: 'aoi-testkit consumer --app-runtime -- python3 examples/consumers/python/app-runtime.py',
        note: 'an Agent Application runtime',
      },
    ],
    see_also: ['lint', 'scenarios'],
    stability: 'experimental',
    aoi: { events: ['aoi:check'] },
  }),
  runner: verb({
    summary:
      'Judge an AIP-45 runner in any language (a host or headless client that spawns agent CLIs): per scenario it gets an AGENT-CLI.md for a fake agent that misbehaves in one known way ($AOI_AGENT_MANIFEST), the turns ($AOI_RUNNER_TURNS), the user’s answers and a file for its events; judged from the agent’s own log, AGENTCLI-22, 23, 26…35.',
    args: [
      { name: 'program', type: 'path', description: 'The runner to run, after --' },
      { name: 'args', type: 'string', repeatable: true, description: 'Its arguments' },
    ],
    flags: {
      protocol: {
        type: 'string',
        repeatable: true,
        description:
          'A protocol arm the runner speaks: acp, mcp or proprietary (repeatable or comma-separated; default all three): only their scenarios run',
        usage: {
          value: 'P',
          text: 'an arm the runner speaks: acp, mcp, proprietary (repeatable;\ndefault all three)',
        },
      },
      scenario: {
        type: 'string',
        repeatable: true,
        description:
          'Run only this runner scenario: runner.<arm>.<name>, arm acp, mcp or repl (docs/guides/linting-an-agent-runner.md lists them)',
        usage: { value: 'ID', text: 'only this scenario (repeatable; runner.acp.turn, …)' },
      },
      'timeout-ms': {
        type: 'int',
        default: 30000,
        range: [1000, 3600000],
        description:
          'Per scenario, how long the runner may run before it counts as hung (AGENTCLI-33) and its process tree is killed (1000 to 3600000)',
        usage: {
          value: 'N',
          text: 'per scenario, before the runner counts as hung (default 30000)',
        },
      },
      'runner-timeout-ms': {
        type: 'int',
        default: 5000,
        range: [100, 1800000],
        description:
          'The bound the runner is asked to keep for a handshake and a turn, given to it as $AOI_RUNNER_TIMEOUT_MS (100 to 1800000, and at most half of --timeout-ms)',
        usage: {
          value: 'N',
          text: 'the runner’s own bound, $AOI_RUNNER_TIMEOUT_MS (default 5000)',
        },
      },
      strict: {
        type: 'bool',
        description:
          'Warnings fail their rule (most runner duties are the kit’s reading of AIP-45, not a MUST)',
        usage: { text: 'warnings fail their rule' },
      },
      output: output(['text', 'jsonl'], 'text'),
      ...REPORTING,
      shard: SHARD,
      color: COLOR,
    },
    exit_codes: {
      '0': 'every runner rule holds (or only failures --baseline knows)',
      '1': { when: 'a rule failed, or a --baseline entry no longer fails' },
      '64': USAGE_EXIT,
      '65': {
        when: 'the runner started the agent in no scenario, or --baseline is not a baseline',
        recovery:
          'Spawn the bin of the AGENT-CLI.md in $AOI_AGENT_MANIFEST (or run $AOI_AGENT_COMMAND)',
      },
      '66': { when: 'the runner program cannot be found' },
      '69': { when: 'the runner program cannot start (not executable)' },
      '73': REPORT_EXIT,
    },
    examples: [
      {
        cmd: 'aoi-testkit runner --protocol acp -- node fixtures/runners/js/acp-runner.mjs',
        note: 'an ACP runner on the ACP SDK',
      },
      {
        cmd: 'aoi-testkit runner --protocol mcp --output jsonl -- python3 fixtures/runners/python/mcp_runner.py',
        note: 'an MCP runner in Python',
      },
      {
        cmd: 'aoi-testkit runner --scenario runner.repl.cancel -- ./repl-runner',
        note: 'one scenario',
      },
    ],
    see_also: ['consumer', 'fake', 'manifest'],
    stability: 'experimental',
    aoi: { events: ['aoi:check'] },
  }),
  fake: verb({
    summary:
      'Run a reference tool (notes; helpdesk, for cmdhelp) or a fake agent CLI with faults, as a real process.',
    args: [
      {
        name: 'preset',
        type: 'string',
        required: false,
        description:
          'A preset (fake --list names them) or a scenario id of any kind but app (aoi-testkit scenarios)',
      },
      {
        name: 'args',
        type: 'string',
        repeatable: true,
        description: 'The fake’s own arguments (after an optional --)',
      },
    ],
    flags: {
      seed: { type: 'int', description: 'Make random faults repeat (0 to 4294967295)' },
      fault: {
        type: 'string',
        repeatable: true,
        format: 'ID[=JSON]',
        description:
          'Add a fault (before the preset); numeric parameters at most 100000 (a count), 268435456 (a key ending in bytes) or 600000 (a key ending in ms)',
      },
      env: {
        type: 'string',
        repeatable: true,
        format: 'NAME=VALUE',
        description: 'Set a variable of notes’ environment, e.g. NOTES_BACKEND (before the preset)',
      },
      list: { type: 'bool', description: 'List the presets' },
    },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [
      { cmd: 'aoi-testkit fake --list', note: 'the presets' },
      {
        cmd: 'aoi-testkit fake well-behaved -- list --output jsonl',
        note: 'the well-behaved notes, listing its notes',
      },
      {
        cmd: 'aoi-testkit fake helpdesk.depth-unbounded -- help --format json --depth 1',
        note: 'helpdesk, expanding the whole tree at depth 1',
      },
      {
        cmd: 'aoi-testkit fake backend.rate-limited -- sync --output jsonl',
        note: 'a corpus scenario: notes sync against a backend answering 429',
      },
    ],
    see_also: ['lint', 'scenarios'],
    stability: 'stable',
    danger: 'mutating',
  }),
  scenarios: verb({
    summary:
      'List the shipped scenario corpus: every live fake of every spec, with its expected verdict; --run judges every scenario with the kit and reports expected vs actual.',
    flags: {
      kind: { type: 'enum', enum: [...SCENARIO_KINDS], description: 'Only this kind' },
      spec: {
        type: 'enum',
        enum: [...SCENARIO_SPECS],
        description: 'Only the scenarios of this spec (aoi: stream and lint)',
      },
      output: output(['text', 'jsonl'], 'text'),
      run: {
        type: 'bool',
        description:
          "Run the kit on every scenario (stream and lint fakes in memory; cmdhelp, exec, app, foreign and agent programs as processes; consumer scenarios given to the kit's own consumers) and report each one's verdict against the expected one",
      },
      shard: SHARD,
      reporter: {
        type: 'string',
        repeatable: true,
        format: 'NAME[=PATH]',
        description: `With --run: ${CORPUS_REPORTERS_ABOUT}; =PATH writes it to a file (one may go to stdout; text when none does)`,
      },
    },
    stdout: { text_template: '{id}  {kind}  {spec}  {verdict}' },
    exit_codes: {
      '0': 'ok (with --run: the kit agrees with every scenario run)',
      '1': {
        when: "with --run, the kit's verdict on a scenario is not the expected one",
        recovery: "Read the scenario's difference: expected vs actual rules and sub-rules",
      },
      '64': USAGE_EXIT,
      '66': {
        when: 'the corpus package, aoi-testkit-corpus, is not installed (CORPUS_NOT_FOUND)',
        recovery: "npm i -D aoi-testkit-corpus at the kit's version",
      },
      '73': {
        when: 'a --reporter file cannot be written',
        recovery: 'Check the directory exists and is writable',
      },
    },
    examples: [
      {
        cmd: 'aoi-testkit scenarios --kind lint --output jsonl',
        note: 'the lint scenarios as AOI JSONL',
      },
      { cmd: 'aoi-testkit scenarios --spec exec', note: 'the exec scenarios, one line each' },
      {
        cmd: 'aoi-testkit scenarios --run --kind stream --reporter junit=corpus-junit.xml',
        note: 'judge the stream scenarios, a JUnit testcase each',
      },
    ],
    see_also: ['fake'],
    stability: 'stable',
    aoi: { events: ['scenario', 'scenario_result'] },
    exec: { flags: ['kind', 'spec'] },
  }),
  manifest: verb({
    summary: 'Validate an AGENT-CLI.md (AIP-45, rules AGENTCLI-01…12).',
    args: [
      {
        name: 'file',
        type: 'path',
        required: false,
        description: 'The AGENT-CLI.md; - or none: stdin',
      },
    ],
    // --color/--no-color as every other verb takes them (its text report has no colour yet): never a usage error.
    flags: {
      strict: STRICT,
      output: output(['text', 'jsonl'], 'text'),
      color: COLOR,
      ...REPORTING,
    },
    stdin: { accepted: true, format: 'text/markdown' },
    exit_codes: {
      '0': 'valid (or only failures --baseline knows)',
      '1': { when: 'not a valid AGENT-CLI.md, or a --baseline entry no longer fails' },
      '64': USAGE_EXIT,
      '65': { when: 'input too large, or the --baseline file is not a baseline' },
      '66': INPUT_EXIT,
      '73': REPORT_EXIT,
    },
    examples: [{ cmd: 'aoi-testkit manifest AGENT-CLI.md --strict', note: 'validate a manifest' }],
    see_also: ['exec'],
    stability: 'stable',
    // Validates an AGENT-CLI.md (AIP-45) from a file or stdin: one aoi:check per AGENTCLI rule.
    aoi: { input_modes: ['stdin', 'file'], events: ['aoi:check'] },
    exec: { input: { file: 'string', text: 'string' }, flags: ['strict'] },
  }),
  contract: verb({
    summary:
      'Record what a tool promises agents, from its discovery alone: one JSON file (the contract) to commit next to its code.',
    args: [
      { name: 'program', type: 'path', description: 'The tool, after --' },
      { name: 'args', type: 'string', repeatable: true, description: 'Its arguments' },
    ],
    flags: { ...CONTRACT_FLAGS },
    stdout: { text_template: '{contract}', json_schema_ref: '#/schemas/compat/contract' },
    exit_codes: {
      '0': 'the contract, on stdout',
      '64': USAGE_EXIT,
      '66': { when: 'the program was not found' },
      '69': {
        when: 'the program cannot start, or offers no capabilities, schema, cmdhelp line or dispatch manifest',
      },
    },
    examples: [
      {
        cmd: 'aoi-testkit contract -- node dist/cli.js > contract.json',
        note: "record a release's contract, to commit",
      },
      {
        cmd: "aoi-testkit contract --machine-flag='--format jsonl' -- mytool",
        note: 'a tool whose machine mode is --format jsonl',
      },
    ],
    see_also: ['compat', 'lint'],
    stability: 'stable',
  }),
  compat: verb({
    summary:
      'Compare a tool with a release before it: every difference of their contracts classified, breaking ones fail unless a major version announces them (COMPAT-01…03).',
    args: [
      {
        name: 'program',
        type: 'path',
        description: 'The tool now, after -- (not needed with --head)',
      },
      { name: 'args', type: 'string', repeatable: true, description: 'Its arguments' },
    ],
    flags: {
      base: {
        type: 'string',
        required: true,
        description:
          'The release before: a contract file (aoi-testkit contract), or the command line of that release, recorded now (an executable file alone is a program)',
        usage: {
          value: 'FILE|"PROGRAM ARGS"',
          text: 'the release before: a contract, or a command line',
        },
      },
      head: {
        type: 'path',
        description: 'A contract file to compare instead of recording the program after --',
        usage: { value: 'FILE', text: 'a contract instead of the program after --' },
      },
      accept: {
        type: 'bool',
        description:
          'When the comparison passes (a break only with its major bump), write the tool’s contract over the --base file',
        usage: { text: 'write the new contract over --base FILE when the comparison passes' },
      },
      ...CONTRACT_FLAGS,
      strict: STRICT,
      output: output(['text', 'jsonl'], 'text'),
      ...REPORTING,
      color: COLOR,
    },
    stdout: { text_template: 'aoi-testkit compat {base} → {head}: {changes} change(s)' },
    exit_codes: {
      '0': 'compatible: no break that no major version announces (or only what --baseline knows)',
      '1': {
        when: 'a break no major version announces (COMPAT-01, COMPAT-03; COMPAT-02 with --strict), or a stale --baseline entry',
        recovery: 'Undo the break, or bump the major version that announces it, then --accept',
      },
      '64': USAGE_EXIT,
      '65': { when: 'a --base or --head file is not a contract, or --baseline is not a baseline' },
      '66': { when: 'a --base or --head file, or the program, was not found' },
      '69': { when: 'a program cannot start, or offers no surface to record' },
      '73': { when: '--accept cannot write the --base file, or a report file is unwritable' },
    },
    examples: [
      {
        cmd: 'aoi-testkit compat --base contract.json -- node dist/cli.js',
        note: 'in CI: the tool against the last release’s committed contract',
      },
      {
        cmd: 'aoi-testkit compat --base contract.json --accept -- node dist/cli.js',
        note: 'after an intended break with its major bump: check it, and commit the new contract',
      },
      {
        cmd: 'aoi-testkit compat --base old.json --head new.json --output jsonl',
        note: 'two recorded contracts, offline',
      },
    ],
    see_also: ['contract', 'lint'],
    stability: 'stable',
    aoi: { events: ['aoi:check', 'change'] },
  }),
  'merge-reports': verb({
    summary:
      'Join the blob reports of the shards of one run (lint, scenarios --run, consumer, runner with --shard I/N) into one report, in any reporter, with one exit status.',
    args: [
      {
        name: 'blobs',
        type: 'path',
        repeatable: true,
        required: true,
        description:
          'Blob files (--reporter blob=FILE of each shard), or directories searched for *.json files',
      },
    ],
    flags: {
      output: output(['text', 'jsonl'], 'text'),
      ...REPORTING,
      color: COLOR,
    },
    stdout: { text_template: 'the merged report, as the verb that wrote the blobs prints it' },
    exit_codes: {
      '0': 'the merged run is ok (or only failures --baseline knows)',
      '1': {
        when: 'a rule failed in the merged run (scenarios: the kit disagreed with one), or a stale --baseline entry',
        recovery: 'Read the merged report',
      },
      '64': USAGE_EXIT,
      '65': {
        when: 'a file is not a blob; the blobs are not every shard of one run, each once; --baseline is not a baseline',
        recovery: 'Give every shard 1 to N of one run, each once',
      },
      '66': { when: 'a blob file or directory was not found', recovery: 'Check the path' },
      '73': REPORT_EXIT,
    },
    examples: [
      {
        cmd: 'aoi-testkit merge-reports --reporter html=aoi-report.html --reporter sarif=aoi.sarif blobs/',
        note: "the matrix's merge job: one HTML report and one SARIF file from every shard's blob",
      },
      {
        cmd: 'aoi-testkit merge-reports --output jsonl shard-1.json shard-2.json',
        note: 'two shards as the AOI stream of one run',
      },
    ],
    see_also: ['lint', 'scenarios', 'consumer', 'runner'],
    stability: 'stable',
    aoi: { events: ['aoi:check', 'scenario_result'] },
  }),
  schema: verb({
    summary: 'Print the JSON Schema of the kit’s own events.',
    flags: { output: output(['json'], 'json') },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [{ cmd: 'aoi-testkit schema --output json' }],
    stability: 'stable',
    exec: {},
  }),
  capabilities: verb({
    summary: 'Print the kit’s AOI capabilities manifest (AOI §17).',
    flags: { output: output(['json'], 'json') },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [{ cmd: 'aoi-testkit capabilities --output json' }],
    stability: 'stable',
    exec: {},
  }),
  help: verb({
    summary: 'Print this help (cmdhelp v0.1): text, md, json or llm.',
    args: [
      {
        name: 'command',
        type: 'string',
        repeatable: true,
        description: 'The command to show in full',
      },
    ],
    flags: {
      format: {
        type: 'enum',
        enum: [...HELP_FORMATS],
        default: 'text',
        description: 'text for people; md (or llm) and json for LLMs',
        alias: 'output',
      },
      depth: {
        type: 'int',
        default: 0,
        range: [0, 100],
        description: 'Levels of the tree shown in full (0: summaries; 0 to 100)',
      },
      capabilities: { type: 'bool', description: 'Print the capability line cmdhelp/0.1: …' },
    },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [
      { cmd: 'aoi-testkit help check --format md', note: 'one command in markdown' },
      {
        cmd: 'aoi-testkit help --format json --depth 1',
        note: 'the whole tree as a cmdhelp document',
      },
      { cmd: 'aoi-testkit help --capabilities' },
    ],
    stability: 'stable',
    exec: { input: { command: 'string' }, flags: ['depth'] },
  }),
  exec: verb({
    summary: 'Run a JSONL batch of the kit’s read-only commands in one process (batch dispatch).',
    args: [
      {
        name: 'subcommand',
        type: 'enum',
        enum: ['manifest'],
        required: false,
        description: 'manifest: print the dispatch manifest (danger levels) instead',
      },
    ],
    flags: {
      'input-file': { type: 'path', description: 'Read the batch from this file, not stdin' },
      'ignore-errors': { type: 'bool', description: 'Run every line even after one failed' },
      'dry-run': { type: 'bool', description: 'Forwarded to mutating commands (the kit has none)' },
      output: {
        type: 'enum',
        enum: ['jsonl', 'json'],
        default: 'jsonl',
        description: 'One JSON envelope per line (exec manifest: one JSON document)',
        alias: 'format',
      },
    },
    stdin: { accepted: true, format: 'application/jsonl' },
    stdout: {
      text_template:
        '{"ok":…,"data":…,"error":…,"warnings":[],"meta":{"_cmd":…,"_line":…,"duration_ms":…}}',
    },
    exit_codes: {
      '0': 'every line succeeded',
      '1': { when: 'a line failed', recovery: 'Find it by meta._line' },
      '2': {
        when: 'the batch is malformed (DISPATCH_PARSE_ERROR); nothing ran',
        recovery: 'Fix the JSONL line named on stderr',
      },
      '64': USAGE_EXIT,
      '66': INPUT_EXIT,
    },
    examples: [
      {
        cmd: 'aoi-testkit exec --input-file batch.jsonl --ignore-errors',
        note: 'one process, one envelope per line',
      },
      {
        cmd: 'aoi-testkit exec manifest --output json',
        note: 'the _cmd names and their danger levels',
      },
    ],
    see_also: ['check', 'manifest'],
    stability: 'experimental',
  }),
};

export type VerbName = keyof typeof VERBS;
/** The verbs `exec` dispatches: those with an `exec` entry. */
export type ExecVerb = {
  [K in VerbName]: (typeof VERBS)[K] extends { exec: object } ? K : never;
}[VerbName];

const verbOf = (name: string): Verb | undefined =>
  Object.hasOwn(VERBS, name) ? (VERBS as Record<string, Verb>)[name] : undefined;

/**
 * The usage text's forms, in its order (it groups forms by task, not by verb): the synopsis and what it does,
 * from column 42 (one space after a longer synopsis; on the next line when the text starts with `\n`), its
 * continuation lines after `\n`.
 */
export const USAGE_FORMS: readonly { synopsis: string; text: string }[] = [
  {
    synopsis: 'lint [--spec S]... [options] -- <program> [args...]',
    text: '\njudge a live CLI: the 13 AOI rules, cmdhelp, exec (default: what it supports)',
  },
  {
    synopsis: 'lint --app-dir DIR [options]',
    text: '  judge an Agent Application package (APP.md, APP-01…15)',
  },
  { synopsis: 'check [FILE|-] [options]', text: 'check a recorded machine-mode stream' },
  {
    synopsis:
      'consumer [--as NAME] [--scenario ID]... [--output text|jsonl] -- <command> [args...]',
    text: '\njudge a consumer of AOI streams (stdin reader, or a wrapper running NAME)',
  },
  {
    synopsis:
      'runner [--protocol P]... [--scenario ID]... [--output text|jsonl] -- <command> [args...]',
    text: '\njudge an AIP-45 runner of agent CLIs (ACP, MCP, a line REPL)',
  },
  {
    synopsis:
      'fake [--seed N] [--fault ID[=JSON]]... [--env NAME=VALUE]... <preset|scenario-id> [args...]',
    text: "\nrun the reference tool notes with faults, as a real process\n(a scenario id runs that scenario's fake, of any spec but app)",
  },
  {
    synopsis: 'fake --list',
    text: 'list the presets (well-behaved, ..., helpdesk.FAULT, agent-acp.FAULT)',
  },
  {
    synopsis: `scenarios [--kind K] [--spec ${SCENARIO_SPECS.join('|')}] [--output text|jsonl]`,
    text: `\nlist the shipped corpus (kinds: ${SCENARIO_KINDS.join(', ')})`,
  },
  {
    synopsis:
      'scenarios --run [--kind K] [--shard I/N] [--reporter text|jsonl|junit|blob[=PATH]]...',
    text: '\njudge the scenarios with the kit: expected vs actual, one result each',
  },
  {
    synopsis: 'manifest [FILE|-] [--strict] [--output text|jsonl]',
    text: '\nvalidate an AGENT-CLI.md (AIP-45, rules AGENTCLI-01…12)',
  },
  {
    synopsis: 'fake agent-acp|agent-mcp|agent-repl[.FAULT] [--fault ID[=JSON]]... [agent args...]',
    text: '\nrun a fake agent CLI (ACP, MCP, line REPL) for testing runners',
  },
  {
    synopsis: 'fake helpdesk[.FAULT] [--fault ID]... [args...]',
    text: '\nrun helpdesk, the reference cmdhelp tool, with faults',
  },
  {
    synopsis: 'contract [options] -- <program> [args...]',
    text: '\nrecord what a tool promises (its discovery) as one JSON file',
  },
  {
    synopsis: 'compat --base FILE|"PROGRAM" [--head FILE] [--accept] [options] -- <program>',
    text: '\ncompare a tool with a release before it (COMPAT-01…03)',
  },
  {
    synopsis: 'merge-reports [--reporter NAME[=PATH]]... FILE|DIR...',
    text: '\njoin the blob reports of the shards of one run (--shard I/N)',
  },
  { synopsis: 'schema --output json', text: "the JSON Schema of the kit's own events" },
  { synopsis: 'capabilities --output json', text: "the kit's capabilities manifest (AOI §17)" },
  {
    synopsis: 'help [COMMAND] [--format text|md|json|llm] [--depth N] [--capabilities]',
    text: '\nthis help; md and json for LLMs (cmdhelp v0.1)',
  },
  {
    synopsis: 'exec [--input-file F] [--ignore-errors] [--dry-run]',
    text: '\nrun a JSONL batch of check, manifest, scenarios, schema,\ncapabilities, help lines in one process (one envelope a line)',
  },
  {
    synopsis: 'exec manifest --output json',
    text: ' the _cmd names exec dispatches, with danger levels',
  },
];

/** The verbs whose flags the usage text lists in full (each in a section "<verb> options:"). */
export const USAGE_OPTION_SECTIONS: readonly VerbName[] = ['lint', 'check'];

/** The verb's cmdhelp command: the table's entry without the kit's own fields. */
export function cmdhelpCommand(name: VerbName): CmdhelpCommand {
  const { exec: _exec, danger: _danger, aoi: _aoi, ...command } = VERBS[name] as Verb;
  const cmdhelpFlag = ({
    alias: _alias,
    usage: _usage,
    range: _range,
    ...flag
  }: Flag): CmdhelpFlag => flag;
  // Replaced in place: the document keeps the table's field order.
  if (command.flags)
    command.flags = Object.fromEntries(
      Object.entries(command.flags).map(([name, flag]) => [name, cmdhelpFlag(flag)]),
    );
  return command;
}

/** The options node:util parseArgs takes for a verb's flags: each flag, its alias, and the negation of a bool flag. */
export function parseOptions(
  name: VerbName,
): Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const [flag, f] of Object.entries((VERBS[name] as Verb).flags ?? {})) {
    const option = {
      type: f.type === 'bool' ? ('boolean' as const) : ('string' as const),
      ...(f.repeatable ? { multiple: true } : {}),
    };
    options[flag] = option;
    if (f.alias !== undefined) options[f.alias] = option;
    if (f.negate_flag !== undefined)
      options[f.negate_flag.replace(/^--/, '')] = { type: 'boolean' };
  }
  return options;
}

/** The payload (and `_opts`) keys of a line of `exec` for a verb, with their types; undefined when exec does not dispatch it. */
export function execKeys(name: string): Record<string, ExecKey> | undefined {
  const v = verbOf(name);
  if (v?.exec === undefined) return undefined;
  const typeOf = (f: Flag): ExecKey =>
    f.enum ? f.enum.map(String) : f.type === 'bool' ? 'bool' : f.type === 'int' ? 'int' : 'string';
  return {
    ...v.exec.input,
    ...Object.fromEntries((v.exec.flags ?? []).map((flag) => [flag, typeOf(v.flags![flag]!)])),
  };
}

/** The accepted values of an int flag of a verb (inclusive), when the table declares them. */
export const flagRange = (name: string, flag: string): readonly [number, number] | undefined =>
  verbOf(name)?.flags?.[flag]?.range;

/** The exec manifest's danger level of a verb. */
export const dangerOf = (name: VerbName): 'safe' | 'mutating' =>
  (VERBS[name] as Verb).danger ?? 'safe';
