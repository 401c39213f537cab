#!/usr/bin/env python3
"""A small AOI-CLI tool whose `dump` command turns hostile on cue (HOSTILE_MODE), for the kit's hostile suite.

Written the way an outside author would (standard library only). `schema`, `capabilities` and `list` behave;
`dump` misbehaves as HOSTILE_MODE says:
  flood-stdout    valid events, forever, as fast as the pipe takes them
  flood-stderr    log lines on stderr, forever
  fork-children   starts 50 children that sleep, then exits normally without waiting for them
  close-stdout    closes stdout at once and exits 0
  escapes         terminal escapes, C1 controls and bidi overrides in its events, errors and stderr
  ci-commands     what a CI log obeys (GitHub workflow commands, ##[…], ##vso[…], GitLab sections) in its
                  events, errors, non-JSON lines and stderr
  ignore-stdin    never reads stdin and never exits
  help-hangs      `--help` answers once; every later call appends a line to $HOSTILE_READY (a handshake for a test
                  that interrupts the kit mid-probe), ignores SIGTERM and never ends
  names           `capabilities` also lists commands named with terminal escapes (OSC 8, OSC 52, CSI), a bidi
                  override and a newline + `::add-mask::`; each prints links, `www.` and an email where JSON belongs
  (unset)         one event and a summary
"""
import json
import os
import signal
import subprocess
import sys
import time

META = {"type": "aoi:meta", "tool": "hostile", "aoi_version": "0.2", "schema_name": "org.example.hostile.events", "schema_version": "1.0.0"}
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://schemas.example.org/hostile/events/1.0.0/schema.json",
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"type": "string"}},
}
CAPABILITIES = {
    "tool": "hostile",
    "aoi_version": "0.2",
    "schema_name": META["schema_name"],
    "schema_version": META["schema_version"],
    "commands": [
        {"name": "list", "read_only": True, "destructive": False, "supports_dry_run": False, "output_modes": ["jsonl"]},
        {"name": "dump", "read_only": True, "destructive": False, "supports_dry_run": False, "output_modes": ["jsonl"]},
    ],
}


# HOSTILE_MODE=names: commands whose very names are hostile.
HOSTILE_NAMES = [
    "osc8\x1b]8;;https://evil.example/\x07click\x1b]8;;\x07",
    "osc52\x1b]52;c;b3duZWQ=\x07",
    "mask\n::add-mask::hunter2",
    "csi\u009b2J\u202eevil",
]
LINKS = "see https://evil.example/login or www.evil.example, mail owner@evil.example"

SUMMARISED = []  # the summary is out: a late signal adds nothing
TERMINATED = []


def emit(event):
    sys.stdout.write(json.dumps(event) + "\n")
    if event["type"] == "aoi:summary":
        SUMMARISED.append(True)


def on_term(signum, _frame):
    TERMINATED.append(signum)
    raise KeyboardInterrupt


def usage(message, command=None):
    emit(dict(META, command=command or "hostile"))
    emit({"type": "aoi:error", "code": "USAGE", "category": "usage", "message": message, "retryable": False})
    emit({"type": "aoi:summary", "ok": False, "count": 0})
    sys.exit(64)


def dump(mode):
    if mode == "flood-stdout":
        line = json.dumps({"type": "row", "id": "r", "text": "x" * 200}) + "\n"
        while True:
            sys.stdout.write(line * 256)
    if mode == "flood-stderr":
        while True:
            sys.stderr.write("log: still working on it\n" * 256)
    if mode == "fork-children":
        for _ in range(50):
            subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if mode == "close-stdout":
        os.close(1)
        sys.exit(0)
    if mode == "escapes":
        hostile = "\x1b]0;owned\x07\x1b[2J\x1b[31mred\u009b31m\u202eevil\u202c"
        sys.stderr.write("warning: " + hostile + "\n")
        emit({"type": "row", "id": "r1", "text": hostile})
        sys.stdout.write("not json " + hostile + "\n")
        emit({"type": "aoi:error", "code": "BAD" + hostile, "category": "internal", "message": hostile, "retryable": False})
        emit({"type": "aoi:summary", "ok": False, "count": 1})
        sys.stdout.flush()
        sys.exit(1)
    if mode == "ci-commands":
        commands = [
            "::set-output name=owned::1",
            "   ::add-mask::hunter2",
            "::stop-commands::resume-token",
            "::save-state name=owned::1",
            "##[error]owned",
            "x ##[set-output name=owned;]1",
            "x ##vso[task.setvariable variable=owned]1",
            "##vso[task.complete result=Succeeded;]done",
            "section_start:1700000000:owned\r\x1b[0Kowned",
            "\u2028::set-env name=owned::1",
        ]
        for command in commands:
            sys.stderr.write(command + "\n")
            sys.stdout.write(command + "\n")
        emit({"type": "row", "id": "r1", "text": "\n".join(commands)})
        emit({"type": "aoi:error", "code": "BAD", "category": "internal", "message": commands[0], "retryable": False})
        emit({"type": "aoi:summary", "ok": False, "count": 1})
        sys.stdout.flush()
        sys.exit(1)
    if mode == "ignore-stdin":
        while True:
            time.sleep(3600)
    emit({"type": "row", "id": "r1", "text": "one"})
    emit({"type": "aoi:summary", "ok": True, "count": 1})


HELP = """usage: hostile.py <command> [--output jsonl]

commands:
  schema        the event schema (JSON)
  capabilities  the commands (JSON)
  list          one row
  dump          one row, or what HOSTILE_MODE says
"""


def main(argv):
    if argv and argv[0] in ("--help", "-h", "help"):
        if os.environ.get("HOSTILE_MODE") == "help-hangs":
            with open(os.environ["HOSTILE_READY"], "a+") as calls:
                calls.seek(0)
                if calls.read():
                    signal.signal(signal.SIGTERM, signal.SIG_IGN)
                    calls.write("hanging\n")
                    calls.flush()
                    while True:
                        time.sleep(3600)
                calls.write("answered\n")
        sys.stdout.write(HELP)
        return
    words = [a for a in argv if a not in ("--output", "jsonl", "json")]
    if not words:
        usage("a command is needed: schema, capabilities, list, dump")
    command, rest = words[0], words[1:]
    if command == "schema":
        print(json.dumps(SCHEMA))
        return
    if command == "capabilities":
        manifest = CAPABILITIES
        if os.environ.get("HOSTILE_MODE") == "names":
            extra = [dict(CAPABILITIES["commands"][0], name=name) for name in HOSTILE_NAMES]
            manifest = dict(CAPABILITIES, commands=CAPABILITIES["commands"] + extra)
        print(json.dumps(manifest))
        return
    if command in HOSTILE_NAMES:
        emit(dict(META, command=command))
        sys.stdout.write(LINKS + "\n")
        emit({"type": "aoi:error", "code": "BAD", "category": "internal", "message": LINKS, "retryable": False})
        emit({"type": "aoi:summary", "ok": False, "count": 0})
        sys.exit(1)
    if rest:
        usage("unexpected argument: " + rest[0], command)
    emit(dict(META, command=command))
    if command == "list":
        emit({"type": "row", "id": "r1", "text": "one"})
        emit({"type": "aoi:summary", "ok": True, "count": 1})
        return
    if command == "dump":
        dump(os.environ.get("HOSTILE_MODE", ""))
        return
    usage("unknown command: " + command)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_term)
    try:
        main(sys.argv[1:])
        # Done and said: from here a signal just ends the process, quietly.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        sys.stdout.flush()
    except BrokenPipeError:
        os._exit(0)
    except KeyboardInterrupt:
        if not SUMMARISED:
            emit({"type": "aoi:summary", "ok": False, "reason": "interrupted", "partial": True})
        sys.stdout.flush()
        sys.exit(143 if TERMINATED else 130)
