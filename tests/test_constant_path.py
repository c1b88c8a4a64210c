"""The record path with no branch on the answer: respond_fixed and records.select give exactly
the record the plain path gives (timing is measured in tests/benchmarks/constant_time.py)."""
from __future__ import annotations

import numpy as np

from rrdesk.core import design as designs
from rrdesk.core import randomizer
from rrdesk.store import records

TEMPLATE = records.Record(survey="s", device="0" * 32, log="1" * 32, interview=3, position=2, kind="answer",
                          question="q", day="2026-11-23", interviewer="t1", version="1")


def test_select_picks_each_row_exactly():
    labels = ("never", "once", "several", "often")
    rows = records.answer_rows(TEMPLATE, labels, 512)
    for i, label in enumerate(labels):
        got = records.select(rows, randomizer.fixed(i))
        assert got == records.pad(records.Record(**{**vars(TEMPLATE), "answer": label}), 512)
        assert records.parse(got).answer == label


def test_respond_fixed_agrees_with_respond_and_stays_fixed_width():
    d = designs.kary(4, epsilon=1.5)
    for word in range(0, 2**32, 2**32 // 97):
        data = word.to_bytes(4, "little")
        for truth in range(4):
            fixed = randomizer.respond_fixed(d, truth, lambda n: data)
            assert isinstance(fixed, np.ndarray) and fixed.shape == (1,)
            assert int(fixed[0]) == randomizer.respond(d, truth, lambda n: data)


def test_spin_keeps_the_answer_fixed_width():
    d = designs.forced(epsilon=1.0)
    s = randomizer.spin(d, 1, lambda n: bytes(n))
    assert isinstance(s.answer, np.ndarray) and s.answer.shape == (1,)
