#!/usr/bin/env python3
"""The buggy twin of transformer.py, carrying the bugs found in real transformers (do not copy):
- every non-empty line that is not an aoi: event is counted before it is parsed (a cut line, a prose line,
  each line of a pretty-printed event all count as items);
- a line that does not parse is skipped silently;
- upstream aoi: events are dropped, so an upstream aoi:error or summary ok:false goes unseen;
- at EOF it always writes {"type":"aoi:summary","ok":true} and exits 0."""
import json
import sys


def out(event):
    sys.stdout.write(json.dumps(event, separators=(",", ":")) + "\n")


out({"type": "aoi:meta", "tool": "upcase", "tool_version": "1.0.0", "aoi_version": "0.2",
     "schema_name": "com.example.upcase.events", "schema_version": "1.0.0", "command": "upcase"})
count = 0
for line in sys.stdin.read().splitlines():
    if not line.strip():
        continue
    if '"type":"aoi:' not in line:
        count += 1  # BUG: counted before it is known to be an item
    try:
        event = json.loads(line)
    except ValueError:
        continue  # BUG: dropped silently
    if not isinstance(event, dict) or str(event.get("type", "")).startswith("aoi:"):
        continue  # BUG: arrays dropped; upstream errors and summary ignored
    if event.get("type") == "entry":
        event = {**event, "title": str(event.get("title")).upper()}
    out(event)
out({"type": "aoi:summary", "ok": True, "count": count})  # BUG: success whatever happened upstream
