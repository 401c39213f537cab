#!/usr/bin/env python3
"""A wrapper that leaves a process behind on every call, then runs the tool it wraps (standard library only).

How the process escapes is ESCAPER_HOW:
  daemon   the classic daemon: fork, setsid, fork again, chdir("/"), umask(0), stdio on /dev/null, every other
           descriptor closed; the environment is kept
  bare     the same without chdir, and with an empty environment (as `env -i` would start it)
  hidden   both: an empty environment and chdir("/"), so that nothing of the caller is left on it
  group    a child in a process group of its own (setpgid), still in the caller's session
The process left behind sleeps for ESCAPER_SLEEP seconds (a number unique to the test that runs it, so that the
test finds its own and nobody else's). The wrapper goes on only once that process runs `sleep`: it waits for the
end of a pipe that closes on exec.
"""
import os
import shutil
import sys


def leave_behind(how, seconds):
    sleep = shutil.which("sleep") or "/bin/sleep"
    # Python's pipes are close-on-exec: EOF on `done` means the process left behind has exec'd sleep.
    done, execed = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(done)
        if how == "group":
            os.setpgid(0, 0)
            os.execv(sleep, ["sleep", seconds])
        os.setsid()
        if os.fork() > 0:
            os._exit(0)
        if how != "bare":
            os.chdir("/")
        os.umask(0)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.closerange(3, execed)
        os.closerange(execed + 1, 1024)
        os.execve(sleep, ["sleep", seconds], {} if how in ("bare", "hidden") else dict(os.environ))
    os.close(execed)
    os.read(done, 1)
    if how != "group":
        os.waitpid(pid, 0)


if __name__ == "__main__":
    leave_behind(os.environ.get("ESCAPER_HOW", "daemon"), os.environ.get("ESCAPER_SLEEP", "3600"))
    if len(sys.argv) > 1:
        os.execvp(sys.argv[1], sys.argv[1:])
