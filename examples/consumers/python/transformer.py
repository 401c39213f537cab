#!/usr/bin/env python3
"""A transformer (AOI-CLI §13): reads AOI JSONL on stdin, writes AOI JSONL on stdout — every entry with its
title upper-cased, then its own summary. It fails closed: a malformed line aborts (exit 65), and an upstream
that failed or ended without its summary makes its own summary ok:false (exit 1). Standard library only.
--continue-on-error: per-line tolerant (§12.2): a malformed line becomes an item-level aoi:error and the next line
is read; the summary says partial. --unbounded: the upstream is a documented watch (§4.2): EOF without a summary
is its end, not a crash."""
import json
import sys


def out(event):
    sys.stdout.write(json.dumps(event, separators=(",", ":")) + "\n")


def main():
    tolerant = "--continue-on-error" in sys.argv[1:]
    unbounded = "--unbounded" in sys.argv[1:]
    out({"type": "aoi:meta", "tool": "upcase", "tool_version": "1.0.0", "aoi_version": "0.2",
         "schema_name": "com.example.upcase.events", "schema_version": "1.0.0", "command": "upcase"})
    count = warnings = upstream_errors = skipped = 0
    summary = None

    def fail(code, message, exit_code):
        out({"type": "aoi:error", "code": code, "category": "validation", "message": message, "retryable": False})
        out({"type": "aoi:summary", "ok": False, "count": count, "warning_count": warnings, "error_count": 1})
        return exit_code

    for number, raw in enumerate(sys.stdin.buffer, start=1):
        if not raw.endswith(b"\n"):
            return fail("UPSTREAM_INCOMPLETE", "the upstream ended in the middle of a line", 1)
        try:
            event = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            event = None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            if tolerant:
                skipped += 1
                out({"type": "aoi:error", "code": "MALFORMED_INPUT", "category": "validation", "retryable": False,
                     "message": f"upstream line {number} is not one JSON object with a type; skipped", "line": number})
                continue
            return fail("MALFORMED_INPUT", f"upstream line {number} is not one JSON object with a type", 65)
        if summary is not None:
            continue  # nothing counts after the terminal summary
        kind = event["type"]
        if kind == "aoi:summary":
            summary = event
        elif kind == "aoi:error":
            upstream_errors += 1
        elif kind == "aoi:warning":
            warnings += 1
            out(event)
        elif not kind.startswith("aoi:"):
            # Data: entries are transformed, unknown types passed on as they are (§13).
            if kind == "entry" and isinstance(event.get("title"), str):
                event = {**event, "title": event["title"].upper()}
            out(event)
            count += 1
    if summary is None and not unbounded:
        return fail("UPSTREAM_INCOMPLETE", "the upstream ended without its terminal summary (§4)", 1)
    if (summary is not None and summary.get("ok") is not True) or upstream_errors > 0:
        return fail("UPSTREAM_FAILED", "the upstream reported failure", 1)
    out({"type": "aoi:summary", "ok": True, "count": count, "warning_count": warnings, "error_count": skipped,
         "partial": skipped > 0})
    return 0


if __name__ == "__main__":
    sys.exit(main())
