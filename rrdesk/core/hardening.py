"""What the process does first: no core dump, ever, and no other process reading its memory.

A crash dump of the app once held the last record's plaintext: a true answer, outside a
sealed record, on the laptop's disk (``core`` in the working folder, or the system's crash
collector). :func:`no_core_dumps` is the first thing ``rrdesk`` does (``cli.main``, which the
desktop app goes through too), and the first thing each of its worker processes does (the
aggregator's, which hold the identity and decrypted records, and the export's scanning helper):
a process started by ``multiprocessing``'s "spawn" is a new program, and the kernel makes every
new program dumpable again, whatever its parent set. Here in ``core`` (not ``app``) because the
store starts those workers and may not import the use cases above it:

- ``RLIMIT_CORE`` 0, soft and hard: the kernel writes no core file, and nothing in the process
  can raise the limit again;
- on Linux ``prctl(PR_SET_DUMPABLE, 0)``: no core even through a ``|program`` core pattern
  (which ignores the limit), and no other process of the same user may ``ptrace`` it or read
  its ``/proc/PID/mem``.

Neither can fail in a way that should stop an interview: where the system does not offer one
(Windows, macOS for ``prctl``), it is skipped; :func:`dump_state` says what is in force.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys

PR_SET_DUMPABLE = 4  # why: <linux/prctl.h>; 0 = not dumpable (no core, no ptrace by others)
PR_GET_DUMPABLE = 3  # why: <linux/prctl.h>; returns the flag, for dump_state and the tests


def no_core_dumps() -> None:
    """Turn off core dumps for this process and its children (see the module docstring)."""
    try:
        import resource
    except ImportError:  # Windows: no core files; crash dumps there are the system's (WER)
        return
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (ValueError, OSError):
        pass  # why: lowering a limit cannot fail on a sane system; never stop the app for it
    libc = _libc()
    if libc is not None:
        libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


def dump_state() -> tuple[int | None, int | None]:
    """(the core-size limit, the dumpable flag): (0, 0) once :func:`no_core_dumps` ran on Linux."""
    try:
        import resource
        limit: int | None = resource.getrlimit(resource.RLIMIT_CORE)[1]
    except ImportError:
        limit = None
    libc = _libc()
    return limit, (None if libc is None else libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0))


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None
