#!/usr/bin/env python3
"""A tool that answers every command line with output without end: discovery, help, manifest, exec, an app's
commands. For the kit's output cap (`--max-output-bytes`): every process the lint starts must stop at it.
Standard library only. FLOOD_STREAM=stderr floods stderr instead of stdout.
"""
import os
import sys

line = ('{"type":"row","text":"' + "x" * 200 + '"}\n') * 256
stream = sys.stderr if os.environ.get("FLOOD_STREAM") == "stderr" else sys.stdout
try:
    while True:
        stream.write(line)
except (BrokenPipeError, KeyboardInterrupt):
    sys.exit(1)
