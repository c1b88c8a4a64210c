"""The command line run in this process, as the tests of custody, signatures, hostile bundles and
aggregation drive it: a run's (exit code, stdout, stderr), and the two steps most of them begin
with (simulated interviews in a data folder, an export of it)."""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

from rrdesk import cli
from tests.conftest import DEMO

SID = "workplace-demo"  # the demo survey's id


#: what the tests aggregate is simulated (marked synthetic), so they count it, as the README's
#: demo does; the tests of the mark itself run :func:`rrdesk_as_given`
COUNT_SIMULATED = "--include-synthetic"


def rrdesk(*argv: object) -> tuple[int, str, str]:
    """Run the command line; (exit code, stdout, stderr). An ``aggregate`` counts the simulated
    interviews (:data:`COUNT_SIMULATED`)."""
    if argv and argv[0] == "aggregate" and COUNT_SIMULATED not in argv:
        argv = (*argv, COUNT_SIMULATED)
    return rrdesk_as_given(*argv)


def rrdesk_as_given(*argv: object) -> tuple[int, str, str]:
    """Run the command line exactly as given; (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def simulate(data: Path, n: int, seed: int, *truth: str) -> None:
    """``n`` simulated demo interviews recorded into ``data`` (``truth``: the true answers)."""
    code, _, err = rrdesk("simulate", DEMO, "--data", data, "-n", n, "--seed", seed,
                          *(("--truth", *truth) if truth else ()))
    assert code == 0, err


def export(data: Path, to: Path, survey_id: str = SID) -> Path:
    """The bundle ``rrdesk export`` writes from ``data`` into the folder ``to``."""
    to.mkdir(exist_ok=True)
    code, out, err = rrdesk("export", "--data", data, "--survey-id", survey_id, "--to", to)
    assert code == 0, err
    return Path(out.strip())
