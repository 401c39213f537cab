#!/usr/bin/env python3
"""A wrapper that runs the tool `notes list --output jsonl` and reports the items it got (an SDK's "run a tool"
call, as a program). It trusts nothing but a complete stream: exit 0, a terminal summary with ok:true, no
aoi:error, every line one JSON object. A tool killed by a signal (a negative returncode) is a failure. Its
timeout sends SIGTERM, then SIGKILL after a grace, and waits for the tool to be gone. The tool gets no stdin,
so a prompt reads EOF.
Usage: python3 wrapper.py [--timeout-ms N]   (default 10000). Standard library only."""
import json
import subprocess
import sys

GRACE_S = 1.0


def out(event):
    sys.stdout.write(json.dumps(event, separators=(",", ":")) + "\n")


def finish(ok, code="", message="", items=()):
    if not ok:
        out({"type": "aoi:error", "code": code, "category": "unavailable", "message": message, "retryable": False})
    for item in items:
        out(item)
    out({"type": "aoi:summary", "ok": ok, "count": len(items), "error_count": 0 if ok else 1})
    return 0 if ok else (124 if code == "TIMEOUT" else 1)


def main(argv):
    timeout_ms = int(argv[argv.index("--timeout-ms") + 1]) if "--timeout-ms" in argv else 10_000
    try:
        proc = subprocess.Popen(["notes", "list", "--output", "jsonl"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    except OSError as error:
        return finish(False, "TOOL_NOT_STARTED", f"cannot run notes: {error.strerror}")
    try:
        stdout, _ = proc.communicate(timeout=timeout_ms / 1000)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=GRACE_S)
        except subprocess.TimeoutExpired:
            proc.kill()  # a tool that ignores SIGTERM must not outlive us
            proc.wait()
        return finish(False, "TIMEOUT", f"notes did not finish within {timeout_ms} ms")
    if proc.returncode < 0:
        return finish(False, "TOOL_KILLED", f"notes was killed by signal {-proc.returncode}")
    if proc.returncode != 0:
        return finish(False, "TOOL_FAILED", f"notes exited {proc.returncode}")
    summary, errors, items = None, 0, []
    text = stdout.decode("utf-8", errors="replace")
    if text and not text.endswith("\n"):
        return finish(False, "MALFORMED_OUTPUT", "notes ended in the middle of a line")
    for line in text.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            event = None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            return finish(False, "MALFORMED_OUTPUT", "notes printed a line that is not one JSON object")
        if summary is not None:
            continue
        if event["type"] == "aoi:summary":
            summary = event
        elif event["type"] == "aoi:error":
            errors += 1
        elif not event["type"].startswith("aoi:"):
            items.append(event)
    if summary is None:
        return finish(False, "INCOMPLETE", "notes ended without its terminal summary")
    if summary.get("ok") is not True or errors > 0:
        return finish(False, "TOOL_FAILED", "notes reported failure")
    return finish(True, items=items)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
