"""The dashboard shows the loaded survey's chain of custody: who signed it (the signer's key id),
to whom answers are sealed (short recipient fingerprints), and an "unsigned" banner for an
unsigned survey (the demo) or one whose signature fails."""
from __future__ import annotations

from rrdesk.app import custody, trust
from rrdesk.core import survey as surveys
from tests.conftest import DEMO, open_window, tiny_survey


def test_the_demo_survey_shows_the_unsigned_banner_and_its_recipient(window):
    d = window.dashboard
    recipient = surveys.load(DEMO).recipients[0]
    assert d.unsigned.isVisible() and d.unsigned.text().startswith("UNSIGNED SURVEY")
    assert d.custody.text() == f"Not signed. Answers are sealed to: {trust.short_recipient(recipient)}"


def _trusted(data, made):
    from rrdesk.store import keys

    trust.install(data, keys.load_public_key(made.signing_public), "enrollment")


def test_a_signed_survey_names_its_signer_and_every_recipient(qtbot, tmp_path, settings, fast_spin):
    made = [custody.keygen(tmp_path / f"{name}.key") for name in ("old", "new")]
    path = tiny_survey(tmp_path, [m.recipient for m in made])
    custody.sign(path, made[0].identity)
    _trusted(tmp_path / "data", made[0])  # the laptop trusts the coordinator's key (tests/test_gui_trust.py: the first time)
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    d = window.dashboard
    assert window.station is not None and not d.unsigned.isVisible()
    shown = [trust.short_recipient(m.recipient) for m in made]
    assert d.custody.text() == (f"Signed by the coordinator's key {trust.key_code(made[0].fingerprint)}. "
                                f"Answers are sealed to: {', '.join(shown)}")
    assert all(s.startswith(m.recipient[:10]) and s.endswith(m.recipient[-6:]) and len(s) == 17
               for s, m in zip(shown, made))
    window.close()


def test_a_survey_changed_after_signing_shows_why_its_signature_cannot_be_trusted(qtbot, tmp_path, settings,
                                                                                  fast_spin):
    made = custody.keygen(tmp_path / "coordinator.key")
    path = tiny_survey(tmp_path, [made.recipient])
    custody.sign(path, made.identity)
    path.write_text(path.read_text().replace("I am unhappy at work.", "I am happy at work."))
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    d = window.dashboard
    assert d.unsigned.isVisible() and "signature cannot be trusted" in d.unsigned.text()
    assert "does not verify" in d.unsigned.text() and window.station is None
    window.close()


def test_the_custody_lines_follow_the_interviewers_language(qtbot, window):
    combo = window.dashboard.language
    combo.setCurrentIndex(combo.findData("fr"))
    qtbot.waitUntil(lambda: window.dashboard.start.text() == "Commencer un entretien")
    d = window.dashboard
    assert d.custody.text().startswith("Non signé. Les réponses sont scellées pour : age1")
    assert d.unsigned.isVisible() and d.unsigned.text().startswith("QUESTIONNAIRE NON SIGNÉ")
    combo.setCurrentIndex(combo.findData("en"))  # why: the interface language is the application's
    qtbot.waitUntil(lambda: window.dashboard.start.text() == "Start interview")


def _started(qtbot, tmp_path, settings, survey):
    """The window as the app makes it at start-up, before its event loop has run."""
    from rrdesk.gui import app as gui_app

    gui_app.application()
    window = gui_app.make_window(survey=survey, data=tmp_path / "data", settings=settings)
    qtbot.addWidget(window)
    return window


def test_at_start_a_signed_survey_is_said_to_be_checked_until_its_signature_verified(qtbot, tmp_path, settings,
                                                                                      fast_spin):
    made = custody.keygen(tmp_path / "coordinator.key")
    path = tiny_survey(tmp_path, [made.recipient])
    custody.sign(path, made.identity)
    _trusted(tmp_path / "data", made)
    window = _started(qtbot, tmp_path, settings, path)
    d = window.dashboard  # the check waits for the event loop (it loads pyca/cryptography): never "signed" before
    assert d.custody.text().startswith("Checking the survey's signature… Answers are sealed to: age1")
    assert not d.start.isEnabled() and not d.unsigned.isVisible()
    window.show()
    qtbot.waitUntil(lambda: window.station is not None)
    assert d.custody.text().startswith(f"Signed by the coordinator's key {trust.key_code(made.fingerprint)}.")
    assert d.start.isEnabled() and d.unsigned.isHidden()
    window.close()


def test_at_start_a_forged_survey_shows_its_banner_once_the_event_loop_ran(qtbot, tmp_path, settings, fast_spin):
    made = custody.keygen(tmp_path / "coordinator.key")
    path = tiny_survey(tmp_path, [made.recipient])
    custody.sign(path, made.identity)
    path.write_text(path.read_text().replace("I am unhappy at work.", "I am happy at work."))
    window = _started(qtbot, tmp_path, settings, path)
    d = window.dashboard
    assert "Checking the survey's signature" in d.custody.text() and not d.start.isEnabled()
    window.show()
    qtbot.waitUntil(lambda: d.unsigned.isVisible())
    assert "does not verify" in d.unsigned.text() and d.custody.text().startswith("Not signed.")
    qtbot.waitUntil(lambda: d.status.property("role") == "error")  # the store refuses it too
    assert window.station is None and not d.start.isEnabled()
    window.close()


def test_at_start_an_unsigned_survey_says_so_at_once(qtbot, tmp_path, settings, fast_spin):
    path = tiny_survey(tmp_path, [custody.keygen(tmp_path / "coordinator.key").recipient])
    window = _started(qtbot, tmp_path, settings, path)  # no signature file: nothing to wait for
    d = window.dashboard
    assert d.custody.text().startswith("Not signed.") and d.unsigned.text().startswith("UNSIGNED SURVEY")
    window.close()
