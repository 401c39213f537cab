#!/bin/sh
# A wrapper written the way a careless tool behaves: on every call it writes a file in every directory it can
# name (its working directory, HOME, TMPDIR, the XDG directories, the kit's state directory), notes where it ran
# in $EVERYWHERE_LOG, then runs the tool it wraps. Under a sandbox each of those is a directory of the probe's.
# EVERYWHERE_ESCAPE=<seconds> also starts a process that clears its environment and leaves the session, as a
# careless "background sync" would: `env -i setsid sleep <seconds> &` (a number unique to the test that runs it).
# Every FIFO and file it makes goes where TMPDIR says.
for dir in . "$HOME" "${TMPDIR:-/tmp}" "${XDG_CONFIG_HOME:-$HOME/.config}" "${XDG_DATA_HOME:-$HOME/.local/share}" \
  "${XDG_STATE_HOME:-$HOME/.local/state}" "${XDG_CACHE_HOME:-$HOME/.cache}" "${AOI_TESTKIT_STATE_DIR:-.}"; do
  [ -d "$dir" ] && : > "$dir/everywhere-was-here" 2>/dev/null
done
if [ -n "${EVERYWHERE_LOG:-}" ]; then
  printf '%s\t%s\t%s\t%s\n' "$(pwd -P)" "${HOME:-}" "${TMPDIR:-}" "$*" >> "$EVERYWHERE_LOG"
fi
if [ -n "${EVERYWHERE_ESCAPE:-}" ]; then
  # Goes on once the process has left the session (it says so through a FIFO): every call leaves one behind.
  ready="${TMPDIR:-/tmp}/everywhere-ready.$$"
  mkfifo "$ready"
  env -i setsid sh -c 'echo > "$1"; exec sleep "$2"' everywhere "$ready" "$EVERYWHERE_ESCAPE" \
    </dev/null >/dev/null 2>&1 &
  read -r _ < "$ready"
  rm -f "$ready"
fi
exec "$@"
