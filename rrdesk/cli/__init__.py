"""The ``rrdesk`` command. One place turns errors into ``rrdesk: error: …`` lines.

Exit codes (docs/ARCHITECTURE.md): 0 success, 1 a check found problems, 2 bad usage or bad
input (one line on stderr, never a traceback).
"""
from __future__ import annotations

import argparse
import io
import os
import sys
from typing import Any, NoReturn, Sequence

from rrdesk import __version__
from rrdesk.cli.common import EXIT_BAD_INPUT, EXIT_OK
from rrdesk.core.errors import CLOCK_OUT_OF_RANGE, RRDeskError, describe, describe_all


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, as every other error
        self.exit(EXIT_BAD_INPUT, f"rrdesk: error: {message} (see '{self.prog} --help')\n")


def _parser() -> argparse.ArgumentParser:
    # why here: importing the command package (as the desktop launcher does) loads no command
    from rrdesk.cli import aggregate, check, gui, simulate, store, translate, trust, xlsform

    p = _Parser(prog="rrdesk", description="Randomized-response surveys on field laptops.")
    p.add_argument("--version", action="version", version=f"rrdesk {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    check.add_parser(sub)
    gui.add_parser(sub)
    simulate.add_parser(sub)
    store.add_parsers(sub)
    trust.add_parsers(sub)
    aggregate.add_parser(sub)
    translate.add_parser(sub)
    xlsform.add_parsers(sub)
    return p


# -- entry point ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    from rrdesk.core.hardening import no_core_dumps
    no_core_dumps()  # first: a crash dump must never hold an answer (rrdesk/core/hardening.py)
    stderr = sys.stderr
    if stderr is not None:
        sys.stderr = _Tolerant(stderr)  # why: a full or closed stderr must never turn into a traceback
    try:
        parser = _parser()
        argv = sys.argv[1:] if argv is None else list(argv)
        if not argv or argv[0] in ("--survey", "--data") or argv[0].startswith(("--survey=", "--data=")):
            argv = ["gui", *argv]  # docs/ARCHITECTURE.md: `rrdesk [gui] [--survey FILE] [--data DIR]`
        try:
            args = parser.parse_args(argv)
        except BrokenPipeError:  # `--version` or `--help` to a reader already gone (older argparse raises it)
            _stdout_to_devnull()
            return EXIT_OK
        return _run(args)
    finally:
        _flush_stdout()
        sys.stderr = stderr


def _flush_stdout() -> None:
    """Flush what is still buffered now (a short output, `--version`, `--help`): a reader gone by
    then is no error, as during the command, where the interpreter's flush at exit would fail
    and exit 120."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _stdout_to_devnull()


def _run(args: argparse.Namespace) -> int:
    try:
        return int(args.run(args))
    except BrokenPipeError:  # before OSError, its parent: `rrdesk check S | head` is no error
        _stdout_to_devnull()
        return EXIT_OK
    except (RRDeskError, OSError) as error:  # the GUI shows the same describe(error)
        for line in describe_all(error):  # several lines: every problem of a form in one run
            print(f"rrdesk: error: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("rrdesk: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug: one line, not a traceback that could show data
        if os.environ.get("RRDESK_DEBUG"):
            raise
        said = describe(error)
        if said == CLOCK_OUT_OF_RANGE:  # the computer's clock, not a bug: nothing to report
            print(f"rrdesk: error: {said}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"rrdesk: error: {said}; run again with RRDESK_DEBUG=1 and report it",
              file=sys.stderr)
        return EXIT_BAD_INPUT


class _Tolerant:
    """stderr as the commands write to it, except that a write or flush the system refuses (a full
    disk behind ``2>file``, a closed pipe) sends the rest to /dev/null instead of raising: the
    exit code still says what happened, and no traceback replaces the one line."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        try:
            return self._inner.write(text)
        except (OSError, ValueError):
            self._silence()
            return len(text)

    def flush(self) -> None:
        try:
            self._inner.flush()
        except (OSError, ValueError):
            self._silence()

    def _silence(self) -> None:
        """Point the stream's descriptor at /dev/null, so what is still buffered goes nowhere and
        the flush at exit succeeds (as :func:`_stdout_to_devnull` does for stdout)."""
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._inner.fileno())
            os.close(devnull)
            self._inner.flush()
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


if __name__ == "__main__":
    sys.exit(main())


def _stdout_to_devnull() -> None:
    """The reader of our output went away: what is still buffered goes nowhere, so the flush
    at exit does not raise again (Python's own advice for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout already closed or not a file: nothing to silence
        pass
