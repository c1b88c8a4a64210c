"""A station to be killed right after a spin: tests/test_respin.py runs it as a subprocess.

``python tests/respin_child.py DATA`` opens a station for the demo survey on DATA (continuing
any interrupted interview there), starts an interview if none is open, spins the next question
and prints ``spun QUESTION`` the moment ``Interview.spin`` returns -- the moment the GUI would
start turning the wheel towards the outcome. Then it waits for the parent's SIGKILL, never
recording an answer. Any failure is printed as ``error …``, so the parent never waits forever.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from rrdesk.app.interviews import Station  # noqa: E402
from rrdesk.core import survey as surveys  # noqa: E402

DEMO = Path(__file__).resolve().parents[1] / "resources" / "surveys" / "demo.toml"


def _say(text: str) -> None:
    os.write(1, text.encode() + b"\n")  # one write per line: the parent reads whole lines


def main(data: str) -> None:
    try:
        station = Station(surveys.load(DEMO), data)
        interview = station.resume(interviewer="t1") if station.interrupted() else station.start({"department": "office"}, interviewer="t1")
        q = interview.next_question
        interview.spin(q.id, 1 if q.design.categories == 2 else 0)
        _say(f"spun {q.id}")
    except BaseException as error:  # report, never hang: the parent fails the test on this line
        _say(f"error {type(error).__name__}: {error}")
        os._exit(1)
    sys.stdin.read()  # the parent kills this process before it sends anything
    os._exit(2)


if __name__ == "__main__":
    main(sys.argv[1])
