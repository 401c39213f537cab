#!/usr/bin/env python3
"""A minimal Agent Application runtime, as the aoi-testkit runtime contract asks (docs/guides/linting-a-consumer.md):
it reads APP.md in $AOI_APP_DIR, runs the request in $AOI_APP_REQUEST ({"command","args"}) through entry.command
from the package root, and logs to $AOI_RUNTIME_LOG. It invokes only commands APP.md declares (so never an invented
scheduling command), asks before a confirmationRequired command (a `confirm` record, then one line on stdin: yes or
y runs it, anything else or EOF does not), takes the answer from stdout only (stderr is shown as diagnostics),
treats any non-zero exit as failure and surfaces error.code and error.message, and never retries.
Usage: python3 app-runtime.py [--timeout-ms N]   (default 30000). Standard library only."""
import json
import os
import re
import subprocess
import sys

argv = sys.argv[1:]
timeout_ms = int(argv[argv.index("--timeout-ms") + 1]) if "--timeout-ms" in argv else 30_000
app_dir = os.environ["AOI_APP_DIR"]
request = json.loads(os.environ["AOI_APP_REQUEST"])


def log(record):
    with open(os.environ["AOI_RUNTIME_LOG"], "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def finish(result):
    log({"type": "result", **result})
    print(json.dumps(result), flush=True)
    sys.exit(0 if result["ok"] else 1)


def read_manifest(directory):
    """The APP.md frontmatter fields a runtime needs (a YAML subset: entry.command, commands, confirmationRequired, scheduling)."""
    with open(os.path.join(directory, "APP.md"), encoding="utf-8") as f:
        parts = re.split(r"^---\s*$", f.read(), flags=re.M)
    manifest = {"entry": None, "commands": [], "confirmationRequired": [], "scheduling": "notSupported"}
    key = None
    for line in (parts[1] if len(parts) > 2 else "").split("\n"):
        top = re.match(r"^([A-Za-z]+):\s*(.*)$", line)
        if top:
            key = top.group(1)
            if key == "scheduling":
                manifest["scheduling"] = top.group(2).strip()
            continue
        if key == "entry" and re.match(r"^\s+command:", line):
            manifest["entry"] = re.sub(r"^\s+command:\s*", "", line).strip()
        elif key == "commands" and re.match(r"^\s+-\s+name:", line):
            manifest["commands"].append(re.sub(r"^\s+-\s+name:\s*", "", line).strip())
        elif key == "confirmationRequired" and re.match(r"^\s+-\s+", line):
            manifest["confirmationRequired"].append(re.sub(r"^\s+-\s+", "", line).strip())
    return manifest


def confirm(command, args):
    """Ask the user: a `confirm` record first, then one line on stdin (EOF is no)."""
    log({"type": "confirm", "command": command, "args": args})
    sys.stderr.write(f"Run {command} {' '.join(args)}? [y/N] ")
    sys.stderr.flush()
    answer = sys.stdin.readline()
    return answer.strip().lower() in ("y", "yes")


def parse_json(text):
    try:
        return {"value": json.loads(text)}
    except ValueError:
        return None


manifest = read_manifest(app_dir)
command, args = request["command"], list(request.get("args", []))
if command not in manifest["commands"]:
    # Not declared, so not documented: never invent a command (a scheduling one least of all).
    finish({"ok": False, "error": {"code": "UNKNOWN_COMMAND", "message": f"{command} is not a command of this application."}})
if command in manifest["confirmationRequired"] and not confirm(command, args):
    finish({"ok": False, "error": {"code": "CONFIRMATION_DENIED", "message": f"{command} was not run: the user did not confirm it."}})
try:
    # From the package root, stdout and stderr kept apart, no stdin, the wait bounded.
    run = subprocess.run(["sh", "-c", f'{manifest["entry"]} "$@"', "sh", command, *args], cwd=app_dir, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=timeout_ms / 1000, start_new_session=True)
except subprocess.TimeoutExpired:
    finish({"ok": False, "error": {"code": "TIMEOUT", "message": f"{command} did not finish in {timeout_ms} ms."}})
if run.stderr.strip():
    sys.stderr.write(f"[{command} diagnostics] {run.stderr.strip()}\n")
parsed = parse_json(run.stdout)
if run.returncode != 0:
    # Any non-zero exit (negative: a signal) is a failure, whatever stdout holds; a structured error is surfaced as is.
    error = parsed["value"].get("error") if parsed and isinstance(parsed["value"], dict) else None
    if isinstance(error, dict) and isinstance(error.get("code"), str):
        finish({"ok": False, "error": {"code": error["code"], "message": str(error.get("message", ""))}})
    finish({"ok": False, "error": {"code": "COMMAND_FAILED", "message": f"{command} exited {run.returncode}: {run.stdout.strip()[:200]}"}})
if parsed is None:
    finish({"ok": False, "error": {"code": "NOT_JSON", "message": f"{command} exited 0 but its stdout is not JSON."}})
finish({"ok": True, "answer": parsed["value"]})
