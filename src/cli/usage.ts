import { EX_NOINPUT, EXIT_CODES } from '../spec/aoi/constants.js';

/** A mistake in how the kit's CLI was called: exit 64, structured in machine mode. */
export class UsageError extends Error {
  readonly exitCode = EXIT_CODES.USAGE;
  readonly category = 'usage';
  readonly code = 'USAGE_ERROR';
}

/** The input (a file, a program to lint) is missing or unusable: exit 66 (EX_NOINPUT) unless said otherwise. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly category: 'not_found' | 'io' | 'validation',
    readonly code: string,
    readonly exitCode: number = EX_NOINPUT,
  ) {
    super(message);
  }
}

export const HELP = `aoi-testkit — the reference test kit for agent-operable CLIs (AOI-CLI v0.2)

Usage:
  aoi-testkit lint [--spec S]... [options] -- <program> [args...]
                                         judge a live CLI: the 13 AOI rules, cmdhelp, exec (default: what it supports)
  aoi-testkit lint --app-dir DIR [options]   judge an Agent Application package (APP.md, APP-01…15)
  aoi-testkit check [FILE|-] [options]   check a recorded machine-mode stream
  aoi-testkit fake [--seed N] [--fault ID[=JSON]]... [--env NAME=VALUE]... <preset|scenario-id> [args...]
                                         run the reference tool notes with faults, as a real process
                                         (a scenario id runs that scenario's fake, of any spec but app)
  aoi-testkit fake --list                list the presets (well-behaved, ..., helpdesk.FAULT, agent-acp.FAULT)
  aoi-testkit scenarios [--kind K] [--spec aoi|cmdhelp|exec|app|agent] [--output text|jsonl]
                                         list the shipped corpus (kinds: stream, lint, cmdhelp, exec, app, agent)
  aoi-testkit manifest [FILE|-] [--strict] [--output text|jsonl]
                                         validate an AGENT-CLI.md (AIP-45, rules AGENTCLI-01…12)
  aoi-testkit fake agent-acp|agent-mcp|agent-repl[.FAULT] [--fault ID[=JSON]]... [agent args...]
                                         run a fake agent CLI (ACP, MCP, line REPL) for testing runners
  aoi-testkit fake helpdesk[.FAULT] [--fault ID]... [args...]
                                         run helpdesk, the reference cmdhelp tool, with faults
  aoi-testkit schema --output json       the JSON Schema of the kit's own events
  aoi-testkit capabilities --output json the kit's capabilities manifest (AOI §17)
  aoi-testkit help [COMMAND] [--format text|md|json|llm] [--depth N] [--capabilities]
                                         this help; md and json for LLMs (cmdhelp v0.1)
  aoi-testkit exec [--input-file F] [--ignore-errors] [--dry-run]
                                         run a JSONL batch of check, manifest, scenarios, schema,
                                         capabilities, help lines in one process (one envelope a line)
  aoi-testkit exec manifest --output json  the _cmd names exec dispatches, with danger levels
  aoi-testkit --help | --version

lint options:
  --spec aoi|cmdhelp|exec|app|all   judge these specs (repeatable or comma-separated; default: detect and say what was found)
  --exec-plan FILE      JSON lines exec is driven with: {ok, failing, inspect, bulk, mutating?, ...}
                        (default: a plan built from the safe commands of the dispatch manifest)
  --exec-manifest "WORDS"  what prints the dispatch manifest (default: manifest --output json, else
                        exec manifest --output json if its cmdhelp documents it; elsewhere: EXEC-01 warns)
  --exec-envelope either|meta|top-level   where _cmd and _line must be (default either)
  --app-dir DIR         the application package (default: an APP.md in the cwd or in the program's package)
  --app-setup "ARGS"    an app invocation run first, e.g. 'add "Probe item"' (repeatable; default: the first
                        add/create invocation APP.md's body documents)
  --app-read "ARGS"     the app's read invocation (default: its first command outside confirmationRequired)
  --invoke "CMD ARGS"   a command to probe (repeatable; default: those capabilities lists)
  --setup "CMD ARGS"    run once to seed the state each probe starts a copy of (repeatable)
  --env NAME=VALUE      set for every run (repeatable; values never printed)
  --only RULE-ID        judge only this rule (repeatable; AOI-nn, CMDHELP-nn, EXEC-nn, APP-nn)
  --timeout-ms N        per-run timeout (default 10000)
  --strict              treat warnings as failures
  --output text|jsonl   text for people (default) or AOI JSONL (also --format)
  --no-color            no colour in text output (also NO_COLOR)

check options:
  --output text|jsonl   text for people (default) or AOI JSONL (also --format)
  --unbounded           the stream is from an unbounded command (watch, tail)
  --strict              treat warnings as failures
  --exit-code N         the exit status of the process that wrote the stream
  --signal NAME         the signal that ended it (e.g. SIGKILL)
  --expect-schema-version V  the schema version the stream's producer was asked for (AOI-13)
  --no-color            no colour in text output (also NO_COLOR)

Every verb takes --schema-version 1 (the only major version of the kit's events).
Exit status: 0 conformant (manifest: valid), 1 a rule failed, 64 usage error, 65 lint setup failed or an invalid --exec-plan, 66 input unreadable.
Rules: node_modules/aoi-testkit/docs/rules/<RULE-ID>.md
`;
