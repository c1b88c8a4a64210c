"""The laptop's trust in the desktop app (rrdesk/gui/trusting.py, the dashboard's banner).

The first signed survey asks for its key id to be confirmed; an unsigned survey on a laptop that
trusts a key is practice only (Start disabled, the banner says why); a survey signed by another
key is refused until the key is replaced, deliberately; "Write enrollment file…" shows the
laptop's key id large.
"""
from __future__ import annotations

import shutil

import pytest

from rrdesk.app import enrollment, trust
from rrdesk.store import keys
from tests.cli_runs import rrdesk
from tests.conftest import DEMO

pytestmark = pytest.mark.usefixtures("fast_spin")


def _signed(folder, name="coordinator"):
    identity = folder / f"{name}.key"
    if not identity.exists():
        assert rrdesk("keygen", "-o", identity)[0] == 0
    survey = folder / f"{name}-survey.toml"
    shutil.copy(DEMO, survey)
    assert rrdesk("sign", survey, "-k", identity)[0] == 0
    return survey, trust.key_code(keys.load_public_key(folder / f"{name}.minisign.pub").fingerprint)


def _window(qtbot, data, settings, survey):
    from rrdesk.gui import app as gui_app

    gui_app.application()
    window = gui_app.make_window(survey=survey, data=data, settings=settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _click(box, text):
    next(b for b in box.buttons() if b.text() == text).click()


def test_the_first_signed_survey_asks_for_its_key_id(qtbot, tmp_path, data, settings):
    survey, code = _signed(tmp_path)
    window = _window(qtbot, data, settings, survey)
    qtbot.waitUntil(lambda: window.trusting.box is not None and window.trusting.box.isVisible())
    box = window.trusting.box
    assert code in box.text() and "font-size: 26pt" in box.text()
    assert window.station is None and not window.dashboard.start.isEnabled()
    assert "not yet confirmed" in window.dashboard.custody.text()
    _click(box, "Not now")  # not confirmed: nothing trusted, nothing recorded
    qtbot.waitUntil(lambda: "not confirmed" in window.dashboard.status.text())
    assert window.station is None and trust.current_key(data) is None
    window.use_survey(window.survey)  # opened again: asked again; confirmed this time
    qtbot.waitUntil(lambda: window.trusting.box is not box and window.trusting.box.isVisible())
    _click(window.trusting.box, "Yes, trust this key")
    qtbot.waitUntil(lambda: window.station is not None)
    known = trust.current_key(data)
    assert known is not None and known.code == code and [e.how for e in known.events] == ["survey"]
    assert "Signed by the coordinator's key" in window.dashboard.custody.text()
    assert window.dashboard.unsigned.isHidden() and window.dashboard.start.isEnabled()


def test_an_unsigned_survey_is_practice_only_once_a_key_is_trusted(qtbot, tmp_path, data, settings):
    survey, code = _signed(tmp_path)
    assert rrdesk("trust", survey, "--data", data, "--key-id", code)[0] == 0
    plain = tmp_path / "plain.toml"
    shutil.copy(DEMO, plain)
    window = _window(qtbot, data, settings, plain)
    qtbot.waitUntil(lambda: window.dashboard.status.property("role") == "error")
    banner = window.dashboard.unsigned
    assert banner.isVisible() and "PRACTICE ONLY" in banner.text() and code in banner.text()
    assert window.station is None and not window.dashboard.start.isEnabled()
    assert window.dashboard.replace_key.isHidden()


def test_another_key_is_refused_until_replaced_deliberately(qtbot, tmp_path, data, settings):
    survey, old = _signed(tmp_path)
    assert rrdesk("trust", survey, "--data", data, "--key-id", old)[0] == 0
    other, new = _signed(tmp_path, "fresh")
    window = _window(qtbot, data, settings, other)
    qtbot.waitUntil(lambda: window.dashboard.status.property("role") == "error")
    d = window.dashboard
    assert "NOT THE COORDINATOR'S FILE" in d.unsigned.text() and new in d.unsigned.text() and old in d.unsigned.text()
    assert window.station is None and not d.start.isEnabled() and d.replace_key.isVisible()
    d.replace_key.click()
    box = window.trusting.box
    assert box is not None and new in box.text() and old in box.text()
    _click(box, "Cancel")
    assert trust.current_key(data).code == old
    d.replace_key.click()
    _click(window.trusting.box, "Replace the key")
    qtbot.waitUntil(lambda: window.station is not None)
    known = trust.current_key(data)
    assert known.code == new and [e.how for e in known.events] == ["enrollment", "replaced"]
    assert window.dashboard.replace_key.isHidden() and window.dashboard.unsigned.isHidden()


def test_write_enrollment_file_shows_the_key_id_large(qtbot, tmp_path, data, settings):
    plain = tmp_path / "plain.toml"
    shutil.copy(DEMO, plain)
    window = _window(qtbot, data, settings, plain)
    qtbot.waitUntil(lambda: window.station is not None)
    assert window.enrollment_action.text() == "Write &enrollment file…"
    stick = tmp_path / "stick"
    stick.mkdir()
    box = window.trusting.write_enrollment(stick)
    written = list(stick.glob("rrdesk-laptop-*.pub"))
    assert len(written) == 1
    laptop = enrollment.read_enrollment(written[0])
    assert laptop.code in box.text() and "font-size: 26pt" in box.text() and box.isVisible()
