"""The Results view no longer dead-ends on a laptop that is not enrolled (issue 26, point 5):
its status line says plainly that nothing was used, "Enroll this laptop…" enrolls it once its
key id is confirmed (as `rrdesk enroll --key-id`), and "Use anyway (unverified)" counts its
records knowingly (as `aggregate --accept-unverified`).
"""
from __future__ import annotations

from rrdesk.app import enrollment
from tests import test_gui_results as results
from tests.cli_runs import rrdesk
from tests.test_gui_results import aggregate_json, choose, compute, expected, laptop, shown

view = results.view  # the Results window fixture


def _enrollment_file(data, stick):
    stick.mkdir(exist_ok=True)
    code, out, err = rrdesk("enrollment", "--data", data, "--to", stick)
    assert code == 0, err
    return out.strip(), err.split("key id is ", 1)[1].split(":", 1)[0]


def test_nothing_used_then_enroll_this_laptop(qtbot, view, tmp_path, monkeypatch):
    genuine = laptop(tmp_path, "genuine", 31)
    listed = tmp_path / "coordinator.laptops"  # nothing enrolled yet
    monkeypatch.setenv(enrollment.LAPTOPS_ENV, str(listed))
    choose(qtbot, view, monkeypatch, [genuine])
    assert compute(qtbot, view)
    assert "Nothing was used" in view.status.text() and view.status.property("role") == "error"
    assert view.enroll_laptop.isVisible() and view.use_unverified.isVisible()
    path, shown_id = _enrollment_file(tmp_path / "laptop-genuine", tmp_path / "stick-enroll")
    # a key id that is not this file's: refused, nothing enrolled
    assert not view.enroll(path, "0000-0000-0000-0000")
    assert "not the id given" in view.status.text() and not listed.exists()
    with qtbot.waitSignal(view.computed, timeout=20000):
        assert view.enroll(path, shown_id, "Laptop 3, Amina")
    assert list(enrollment.laptop_names(listed).values()) == ["Laptop 3, Amina"]
    alone = aggregate_json(genuine)
    assert alone["problems"] == [] and shown(view) == expected(alone) and alone["interviews"] == 40
    assert view.enroll_laptop.isHidden() and view.use_unverified.isHidden()
    assert "Nothing was used" not in view.status.text()


def test_use_anyway_counts_the_laptop_not_enrolled_and_says_so(qtbot, view, tmp_path, monkeypatch):
    genuine, other = laptop(tmp_path, "genuine", 32), laptop(tmp_path, "other", 33)
    listed = tmp_path / "coordinator.laptops"
    path, shown_id = _enrollment_file(tmp_path / "laptop-genuine", tmp_path / "stick-enroll")
    assert rrdesk("enroll", path, "--laptops", listed, "--key-id", shown_id)[0] == 0
    monkeypatch.setenv(enrollment.LAPTOPS_ENV, str(listed))
    choose(qtbot, view, monkeypatch, [genuine, other])
    assert compute(qtbot, view)
    assert not view.use_unverified.isHidden() and view.shown.results.interviews == 40  # on the Problems tab
    with qtbot.waitSignal(view.computed, timeout=20000):
        view.use_unverified.click()
    assert view.shown.results.interviews == 80 and "unverified" in view.status.text()
    assert view.use_unverified.isHidden()  # used already; still listed under Problems
    assert any("not enrolled" in view.problems.item(i).text() for i in range(view.problems.count()))
