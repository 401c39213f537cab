#!/usr/bin/env python3
"""The buggy twin of wrapper.py, carrying the bugs found in real wrappers (do not copy):
- `max(returncode, 0)`: a tool killed by a signal (negative returncode) is reported as success;
- the exit code alone decides: a stream that ended without its summary, or with summary ok:false, is accepted;
- the timeout sends SIGTERM only and reports at once: a tool that ignores SIGTERM keeps running.
Usage: python3 wrapper-buggy.py [--timeout-ms N]   (default 10000)."""
import json
import os
import subprocess
import sys


def out(event):
    sys.stdout.write(json.dumps(event, separators=(",", ":")) + "\n")
    sys.stdout.flush()


argv = sys.argv[1:]
timeout_ms = int(argv[argv.index("--timeout-ms") + 1]) if "--timeout-ms" in argv else 10_000
proc = subprocess.Popen(["notes", "list", "--output", "jsonl"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
try:
    stdout, _ = proc.communicate(timeout=timeout_ms / 1000)
except subprocess.TimeoutExpired:
    proc.terminate()  # BUG: no SIGKILL after a grace, no wait
    out({"type": "aoi:error", "code": "TIMEOUT", "category": "timeout", "message": "notes timed out", "retryable": True})
    out({"type": "aoi:summary", "ok": False, "count": 0})
    os._exit(124)
status = max(proc.returncode, 0)  # BUG: a negative returncode is a signal, not success
if status != 0:
    out({"type": "aoi:error", "code": "TOOL_FAILED", "category": "internal", "message": f"notes exited {status}", "retryable": False})
    out({"type": "aoi:summary", "ok": False, "count": 0})
    sys.exit(1)
items = []
for line in stdout.decode("utf-8", errors="replace").splitlines():
    try:
        event = json.loads(line)
    except ValueError:
        continue
    if isinstance(event, dict) and isinstance(event.get("type"), str) and not event["type"].startswith("aoi:"):
        items.append(event)
for item in items:
    out(item)
out({"type": "aoi:summary", "ok": True, "count": len(items)})  # BUG: the upstream's summary is neither required nor read
