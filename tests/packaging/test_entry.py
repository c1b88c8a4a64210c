"""The desktop bundle's entry point and resource lookup, without building a bundle (that is
packaging/check_bundle.py, minutes long)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from rrdesk.gui import resources

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def entry():
    spec = importlib.util.spec_from_file_location("rrdesk_entry", ROOT / "packaging" / "rrdesk_entry.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_gui_executable_is_known_by_the_name_it_was_started_as(entry):
    assert entry.is_gui("/opt/rrdesk/rrdesk-gui", "/opt/rrdesk/rrdesk")  # Linux: a symlink
    assert entry.is_gui(r"C:\rrdesk\rrdesk-gui.exe", r"C:\rrdesk\rrdesk-gui.exe")
    assert not entry.is_gui("/opt/rrdesk/rrdesk", "/opt/rrdesk/rrdesk")


def test_the_console_executable_runs_any_command(entry, capsys):
    assert entry.run(["check", str(ROOT / "missing.toml")], gui=False) == 2
    assert capsys.readouterr().err.startswith("rrdesk: error:")


def test_a_windowed_program_shows_an_error_it_cannot_print(entry, monkeypatch):
    shown = []
    monkeypatch.setattr(entry, "_show_error", shown.append)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert entry.run(["--survey", str(ROOT / "missing.toml")], gui=True) == 2
    assert len(shown) == 1 and shown[0].startswith("rrdesk: error:") and "missing.toml" in shown[0]


def test_a_windowed_program_shows_bad_usage_too(entry, monkeypatch):
    shown = []
    monkeypatch.setattr(entry, "_show_error", shown.append)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert entry.run(["--no-such-option"], gui=True) == 2
    assert shown and "rrdesk: error:" in shown[0]


def test_resources_are_found_in_a_checkout():
    assert resources.RESOURCES == ROOT / "resources"
    assert resources.DEMO_SURVEY.is_file() and resources.STYLE.is_file() and resources.ICON.is_file()


def test_resources_are_found_inside_a_frozen_bundle(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "_internal"), raising=False)
    from rrdesk.core import resources as _resources
    assert _resources._resources() == tmp_path / "_internal" / "resources"


def test_the_menu_entry_names_the_bundle_executable_and_its_icons():
    desktop = (ROOT / "packaging" / "rrdesk.desktop").read_text(encoding="utf-8")
    assert "\nExec=rrdesk-gui\n" in desktop and "\nIcon=rrdesk\n" in desktop
    for size in (48, 128, 256):
        assert (ROOT / "packaging" / "icons" / f"rrdesk-{size}.png").is_file()
    assert (ROOT / "packaging" / "icons" / "rrdesk.svg").read_bytes() == (ROOT / "resources" / "icons" / "rrdesk.svg").read_bytes()


def test_the_frozen_program_runs_the_sound_check_as_check_asks_it(entry, tmp_path):
    # a frozen program has no `python -m`: rrdesk check starts itself with the same arguments
    import json
    import subprocess

    from rrdesk.app.check import DECODER
    from tests.test_gui_audio import BROKEN, _tone

    assert DECODER == entry.DECODER
    good, bad = tmp_path / "good.wav", tmp_path / "bad.wav"
    good.write_bytes(_tone(0.1))
    bad.write_bytes(BROKEN)
    # why a process of its own, as check starts it: the decoder makes the process's one
    # QCoreApplication, which would stay in pytest's and break every Qt test after this one
    script = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location('rrdesk_entry', sys.argv[1]); "
              "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
              "sys.exit(m.run(sys.argv[2:], gui=False))")
    done = subprocess.run([sys.executable, "-c", script, str(ROOT / "packaging" / "rrdesk_entry.py"), *DECODER,
                           str(good), str(bad)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    heard = json.loads(done.stdout)
    assert heard[str(good)] == "" and heard[str(bad)].startswith("does not play: ")
