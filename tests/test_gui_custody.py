"""The Results view shows the custody problems `rrdesk aggregate` finds (issue #12, Deliver 2):
a bundle from a laptop that is not enrolled is listed, and its records are not in the numbers.

The coordinator's enrolled laptops are the list the Results view finds as `aggregate` does
(here ``RRDESK_LAPTOPS``, which stands in for the list beside the identity file).
"""
from __future__ import annotations

from rrdesk.app import enrollment
from tests import test_gui_results as results
from tests.test_custody import enroll
from tests.test_gui_results import aggregate_json, choose, compute, expected, laptop, shown

view = results.view  # the Results window fixture


def test_the_view_lists_a_bundle_from_a_laptop_not_enrolled_and_leaves_it_out(qtbot, view, tmp_path, monkeypatch):
    genuine, forged = laptop(tmp_path, "genuine", 21), laptop(tmp_path, "forger", 22)
    listed = tmp_path / "coordinator.laptops"
    enroll(tmp_path / "laptop-genuine", listed, tmp_path / "stick-enroll")
    monkeypatch.setenv(enrollment.LAPTOPS_ENV, str(listed))
    choose(qtbot, view, monkeypatch, [genuine, forged])
    assert compute(qtbot, view)
    lines = [view.problems.item(i).text() for i in range(view.problems.count())]
    assert len(lines) == 1 and forged.name in lines[0] and "not enrolled" in lines[0]
    alone = aggregate_json(genuine)
    assert alone["problems"] == [] and shown(view) == expected(alone)  # the forged records are not counted
