"""The first run on a desktop that lacks a library Qt's xcb plugin needs is one
``rrdesk: error: …`` line naming the Debian packages and exit 2, never Qt's abort.

Three kinds of test: the pieces of rrdesk.cli.qtcheck (platform choice, ldd's output, the
soname → package table, the line); the real ``main()`` with a fake ``ldd`` and a fake plugin
(the app itself replaced, so a wrong "all clear" fails the test instead of starting Qt); and the
real ``rrdesk`` in a child process on a real X server (Xvfb) with a PySide6 whose xcb plugin
really needs a library that does not exist — Qt itself aborts there, rrdesk says one line.
"""
from __future__ import annotations

import os
import re
import resource
import select
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rrdesk import cli
from rrdesk.cli import qtcheck

LINE = re.compile(r'^rrdesk: error: Qt platform plugin "xcb": missing system libraries: ')

FAKE_LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffd1b5e5000)
\tlibQt6XcbQpa.so.6 => /opt/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f2ec62d7000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f2ec4800000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007f2ec6330000)
"""

DESKTOP = {"DISPLAY": ":0", "PATH": os.environ.get("PATH", "")}


# -- the pieces -----------------------------------------------------------------------------


@pytest.mark.parametrize("soname, package", [
    ("libxcb-icccm.so.4", "libxcb-icccm4"), ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libxcb-image.so.0", "libxcb-image0"), ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxcb-randr.so.0", "libxcb-randr0"), ("libxcb-shape.so.0", "libxcb-shape0"),
    ("libxcb-xfixes.so.0", "libxcb-xfixes0"), ("libxcb-xkb.so.1", "libxcb-xkb1"),
    ("libEGL.so.1", "libegl1"), ("libGL.so.1", "libgl1"), ("libfontconfig.so.1", "libfontconfig1"),
    ("libdbus-1.so.3", "libdbus-1-3"), ("libX11-xcb.so.1", "libx11-xcb1"),
])
def test_a_soname_maps_to_its_debian_package(soname, package):
    assert qtcheck.DEBIAN_PACKAGES[soname] == package


def _needed(library: Path) -> list[str]:
    out = subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", out)


@pytest.mark.skipif(shutil.which("readelf") is None, reason="needs readelf (binutils)")
def test_the_table_knows_every_system_library_the_installed_xcb_plugin_needs():
    plugin = qtcheck.plugins({})[0]
    needed = _needed(plugin) + _needed(plugin.parents[2] / "lib" / "libQt6XcbQpa.so.6")
    base = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"}  # every system has these
    unknown = sorted({n for n in needed if not n.startswith("libQt6") and n not in base} - set(qtcheck.DEBIAN_PACKAGES))
    assert "libxcb-icccm.so.4" in needed and unknown == []


def test_ldd_output_gives_each_missing_library_once_in_order():
    assert qtcheck.missing_sonames(FAKE_LDD_OUTPUT) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert qtcheck.missing_sonames("\tlibxcb.so.1 => /lib/libxcb.so.1 (0x1)\n") == []
    assert qtcheck.missing_sonames("\tnot a dynamic executable\n") == []


@pytest.mark.parametrize("env, platform", [
    ({}, "xcb"), ({"XDG_SESSION_TYPE": "x11"}, "xcb"), ({"XDG_SESSION_TYPE": "wayland"}, "wayland"),
    ({"QT_QPA_PLATFORM": "xcb"}, "xcb"), ({"QT_QPA_PLATFORM": "offscreen"}, "offscreen"),
    ({"QT_QPA_PLATFORM": "xcb;wayland"}, "xcb"), ({"QT_QPA_PLATFORM": "wayland;xcb"}, "wayland"),
    ({"QT_QPA_PLATFORM": "xcb:nograb"}, "xcb"), ({"QT_QPA_PLATFORM": "xcb", "XDG_SESSION_TYPE": "wayland"}, "xcb"),
])
def test_the_first_platform_is_the_one_qt_tries_first(env, platform):
    assert qtcheck.first_platform(env) == platform


def test_the_line_names_each_library_its_package_and_the_apt_command():
    line = qtcheck.message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"], display=True, apt=True)
    assert line == ('Qt platform plugin "xcb": missing system libraries: libxcb-icccm.so.4 (libxcb-icccm4), '
                    "libxcb-keysyms.so.1 (libxcb-keysyms1); install them with: "
                    "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1")


def test_an_unknown_library_is_named_as_it_is_and_a_qt_one_as_pyside6s():
    line = qtcheck.message(["libfancy.so.7", "libQt6Gui.so.6", "libglib-2.0.so.0", "libgthread-2.0.so.0"],
                           display=True, apt=True)
    assert "libraries: libfancy.so.7, libQt6Gui.so.6 (part of PySide6), libglib-2.0.so.0 (libglib2.0-0)" in line
    assert "sudo apt-get install -y libglib2.0-0;" in line  # one package named once
    assert "pip install --force-reinstall PySide6-Essentials" in line
    only_unknown = qtcheck.message(["libfancy.so.7"], display=True, apt=True)
    assert only_unknown.endswith("libfancy.so.7; install the packages that provide them")


def test_without_apt_the_debian_names_are_still_given_and_without_a_display_the_offscreen_hint():
    line = qtcheck.message(["libxcb-cursor.so.0"], display=False, apt=False)
    assert "apt-get" not in line and "(on Debian or Ubuntu: libxcb-cursor0)" in line
    assert line.endswith("DISPLAY and WAYLAND_DISPLAY are not set): set QT_QPA_PLATFORM=offscreen to run without a screen")
    assert "\n" not in line


def test_with_only_a_wayland_display_xcb_is_told_to_use_it_and_with_an_x_display_nothing_is_said():
    line = qtcheck.no_display({"WAYLAND_DISPLAY": "wayland-0"})
    assert line is not None and "DISPLAY is not set" in line and "QT_QPA_PLATFORM=wayland" in line
    assert qtcheck.no_display({"DISPLAY": ":0"}) is None


@pytest.mark.parametrize("system, env", [
    ("darwin", DESKTOP), ("win32", DESKTOP), ("linux", {**DESKTOP, "QT_QPA_PLATFORM": "offscreen"}),
    ("linux", {**DESKTOP, "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}),
])
def test_nothing_is_checked_off_linux_or_when_qt_starts_another_platform_first(system, env):
    assert qtcheck.Probe.start(env, system=system) is None


# -- the real main() with a fake ldd and a fake plugin ------------------------------------


@pytest.fixture
def desktop(tmp_path, monkeypatch):
    """A desktop for `rrdesk gui`: a fake plugin, a fake ldd (prints $FAKE_LDD_FILE) first on PATH,
    DISPLAY set, and the app replaced by a recorder (it never starts Qt here)."""
    (tmp_path / "platforms").mkdir()
    (tmp_path / "platforms" / qtcheck.PLUGIN).write_bytes(b"\x7fELF fake")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    ldd = bin_dir / "ldd"
    ldd.write_text('#!/bin/sh\nsleep "${FAKE_LDD_SLEEP:-0}"\ncat "$FAKE_LDD_FILE"\n')
    ldd.chmod(ldd.stat().st_mode | stat.S_IXUSR)
    output = tmp_path / "ldd.txt"
    output.write_text(FAKE_LDD_OUTPUT)
    for name in ("QT_QPA_PLATFORM", "XDG_SESSION_TYPE", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("QT_QPA_PLATFORM_PLUGIN_PATH", str(tmp_path / "platforms"))
    monkeypatch.setenv("FAKE_LDD_FILE", str(output))
    from rrdesk.gui import app  # importing Qt needs no display; making a QApplication would

    started = []
    monkeypatch.setattr(app, "run", lambda **kw: started.append(kw) or 0)
    return output, started


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check runs on Linux only")
def test_missing_libraries_are_one_line_and_exit_2_through_main(desktop, capsys):
    _, started = desktop
    assert cli.main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and started == []
    assert err == ('rrdesk: error: Qt platform plugin "xcb": missing system libraries: libxcb-icccm.so.4 '
                   "(libxcb-icccm4), libxcb-keysyms.so.1 (libxcb-keysyms1); install them with: "
                   "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check runs on Linux only")
def test_missing_libraries_are_the_line_even_when_qt_cannot_be_imported(desktop, capsys, monkeypatch):
    import rrdesk.gui

    output, _ = desktop
    monkeypatch.delattr(rrdesk.gui, "app")
    monkeypatch.setitem(sys.modules, "rrdesk.gui.app", None)  # import fails, as when libEGL.so.1 is missing
    assert cli.main([]) == 2
    assert LINE.match(capsys.readouterr().err)
    output.write_text("")  # nothing missing: the import error itself is what is shown
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("rrdesk: error: internal error (ModuleNotFoundError)")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check runs on Linux only")
def test_a_plugin_that_resolves_starts_the_app(desktop, capsys):
    output, started = desktop
    output.write_text("\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x1)\n")
    assert cli.main(["gui"]) == 0
    assert capsys.readouterr().err == "" and len(started) == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check runs on Linux only")
def test_no_display_at_all_is_one_line_with_the_offscreen_hint(desktop, capsys, monkeypatch):
    output, started = desktop
    output.write_text("")
    monkeypatch.delenv("DISPLAY")
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert started == [] and err.count("\n") == 1
    assert err.startswith("rrdesk: error: no display to show the window on") and "QT_QPA_PLATFORM=offscreen" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check runs on Linux only")
def test_a_wayland_session_is_left_to_qt(desktop, capsys, monkeypatch):
    _, started = desktop  # ldd would say libraries are missing, but Qt tries wayland first
    monkeypatch.setenv("XDG_SESSION_TYPE", "wayland")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert cli.main([]) == 0 and len(started) == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check runs on Linux only")
def test_an_ldd_that_hangs_is_given_up_on_and_qt_goes_on(desktop, capsys, monkeypatch):
    _, started = desktop
    monkeypatch.setenv("FAKE_LDD_SLEEP", "5")
    monkeypatch.setattr(qtcheck, "LDD_TIMEOUT_S", 0.2)
    assert cli.main([]) == 0 and len(started) == 1


# -- the real rrdesk on a real X server --------------------------------------------------

REAL = pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("Xvfb") or not shutil.which("ldd"),
                          reason="needs Linux, Xvfb and ldd")
NEEDED, GONE = b"\0libxcb-keysyms.so.1\0", b"\0librrdesk-gone.so.1\0"  # same length: patched in place


@pytest.fixture(scope="module")
def xvfb():
    """A real X server on a free display; yields DISPLAY."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "1024x768x24"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        ready, _, _ = select.select([read], [], [], 20)
        number = os.read(read, 64).decode().strip() if ready else ""
        if not number:
            pytest.fail("Xvfb did not say which display it took")
        yield f":{number}"
    finally:
        os.close(read)
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="module")
def broken_pyside(tmp_path_factory):
    """A PySide6 (links to the installed one) whose xcb plugin needs a library no system has:
    a copy of libqxcb.so with one DT_NEEDED name changed. Returns the folder to put on PYTHONPATH."""
    real = qtcheck.plugins({})[-1].parents[3]  # …/site-packages/PySide6
    root = tmp_path_factory.mktemp("pyside") / "PySide6"
    for inner in ("", "Qt", "Qt/plugins", "Qt/plugins/platforms"):
        (root / inner).mkdir()
        for entry in (real / inner).iterdir():
            if entry.name not in ("Qt", "plugins", "platforms", qtcheck.PLUGIN):
                (root / inner / entry.name).symlink_to(entry)
    data = (real / "Qt/plugins/platforms" / qtcheck.PLUGIN).read_bytes()
    assert data.count(NEEDED) == 1, "PySide6's libqxcb.so no longer needs libxcb-keysyms.so.1: patch another name"
    (root / "Qt/plugins/platforms" / qtcheck.PLUGIN).write_bytes(data.replace(NEEDED, GONE))
    return root.parent


def _child_env(display: str, home: Path, pythonpath: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("QT_QPA_PLATFORM", "QT_QPA_PLATFORM_PLUGIN_PATH", "XDG_SESSION_TYPE", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=display, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "share"))
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return env


def _no_core_dump() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # Qt's abort would leave a core file behind


def _run(argv: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=120,
                          preexec_fn=_no_core_dump)


def _rrdesk() -> list[str]:
    script = Path(sys.executable).with_name("rrdesk")  # the console script `pip install -e .` made
    return [str(script)] if script.exists() else [sys.executable, "-m", "rrdesk.cli"]


@REAL
def test_the_real_rrdesk_says_one_line_where_qt_itself_aborts(xvfb, broken_pyside, tmp_path):
    env = _child_env(xvfb, tmp_path, broken_pyside)
    qt_alone = _run([sys.executable, "-c", "from PySide6.QtGui import QGuiApplication; QGuiApplication([])"],
                    env, tmp_path)
    assert qt_alone.returncode == -signal.SIGABRT, qt_alone.stderr  # the library is really missing to Qt
    done = _run([*_rrdesk(), "--data", str(tmp_path / "data")], env, tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert LINE.match(done.stderr) and done.stderr.count("\n") == 1, done.stderr
    assert "librrdesk-gone.so.1" in done.stderr and "Traceback" not in done.stderr


@REAL
def test_the_real_rrdesk_starts_when_the_plugin_resolves(xvfb, tmp_path):
    missing = qtcheck.missing_sonames(subprocess.run(["ldd", str(qtcheck.plugins({})[-1])],
                                                     capture_output=True, text=True).stdout)
    if missing:
        pytest.skip(f"this machine lacks {', '.join(missing)}: the xcb plugin cannot start here")
    env = _child_env(xvfb, tmp_path) | {"RRDESK_GUI_QUIT_AFTER_SHOW": "1"}
    done = _run([*_rrdesk(), "--data", str(tmp_path / "data")], env, tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("shown "), done.stderr
