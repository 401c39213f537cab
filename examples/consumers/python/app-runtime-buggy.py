#!/usr/bin/env python3
"""The buggy twin of app-runtime.py, carrying bugs found in real runtimes (do not copy):
- it resolves entry.command's script against the package but runs it from its own working directory;
- it never asks before a confirmationRequired command (remove runs on the agent's word alone);
- it takes the answer from stderr when stderr holds JSON;
- it decides by stdout, not by the exit code: empty stdout is success;
- on a failure it reports stderr as the error, dropping the application's error.code and error.message.
Usage: python3 app-runtime-buggy.py. Standard library only."""
import json
import os
import re
import shlex
import subprocess
import sys

app_dir = os.environ["AOI_APP_DIR"]
request = json.loads(os.environ["AOI_APP_REQUEST"])


def finish(result):
    with open(os.environ["AOI_RUNTIME_LOG"], "a", encoding="utf-8") as f:
        f.write(json.dumps({"type": "result", **result}) + "\n")
    print(json.dumps(result), flush=True)
    sys.exit(0 if result["ok"] else 1)


def parse_json(text):
    try:
        return {"value": json.loads(text)}
    except ValueError:
        return None


with open(os.path.join(app_dir, "APP.md"), encoding="utf-8") as f:
    text = f.read()
entry = re.search(r"^\s+command:\s*(.+)$", text, flags=re.M).group(1).strip()
commands = re.findall(r"^\s+-\s+name:\s*(\S+)", text, flags=re.M)
command, args = request["command"], list(request.get("args", []))
if command not in commands:
    finish({"ok": False, "error": {"code": "UNKNOWN_COMMAND", "message": f"{command} is not a command of this application."}})
# BUG: no confirmation step for confirmationRequired commands.
# BUG: the script's path is made absolute, but the command runs from this process's directory, not the package root.
words = [os.path.join(app_dir, w) if os.path.exists(os.path.join(app_dir, w)) else w for w in shlex.split(entry)]
run = subprocess.run([*words, command, *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
parsed = parse_json(run.stderr) or parse_json(run.stdout)  # BUG: stderr JSON wins
if run.stdout.strip() == "" or (run.returncode == 0 and parsed):  # BUG: empty stdout means it worked
    finish({"ok": True, "answer": parsed["value"] if parsed else None})
# BUG: the application's structured error is replaced by stderr.
finish({"ok": False, "error": {"code": "COMMAND_FAILED", "message": run.stderr.strip() or f"exit {run.returncode}"}})
