"""Before Qt starts: can its xcb platform plugin load, and is there a display to show on?

When Qt cannot start its platform plugin it aborts the whole process (SIGABRT, a core dump,
exit 134) with a hint that names ``xcb-cursor0`` whatever is really missing. So before the
QApplication is made, ``rrdesk gui`` asks the dynamic loader (``ldd``) which libraries
PySide6's ``platforms/libqxcb.so`` (and, through it, ``libQt6XcbQpa``, ``libQt6Gui``, …) cannot
resolve, and turns them into one line that names the Debian packages to install.

Only on Linux, and only when xcb is the first platform Qt will try: ``QT_QPA_PLATFORM`` unset
(outside a Wayland session, where Qt tries wayland first) or naming xcb first. Anywhere else,
or when the check itself cannot run (no ``ldd``, PySide6 not found), it says nothing and Qt
goes on as before. Qt-free at import time: PySide6 is located, never imported.

``ldd`` runs in the background (:meth:`Probe.start`) while the caller imports Qt, so a healthy
start waits for nothing; :meth:`Probe.problem` collects the answer.
"""
from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

if TYPE_CHECKING:
    import subprocess

PLUGIN = "libqxcb.so"  # why: the file Qt 6 builds its xcb platform plugin as, in plugins/platforms/

# why: soname -> Debian package, for every library outside PySide6 that
# `ldd PySide6/Qt/plugins/platforms/libqxcb.so` resolves (PySide6 6.11, `readelf -d` of libqxcb.so and
# libQt6XcbQpa.so.6 and what ldd adds through libQt6Gui/libQt6DBus), each package found with
# `dpkg -S` and `apt-cache policy` on Debian 12 (Ubuntu 22.04 has the same names; Debian 13 and
# Ubuntu 24.04 renamed libglib2.0-0 to libglib2.0-0t64 in the 64-bit time move, and apt picks the
# new name for the old). The base system every Debian has (libc6, libstdc++6, zlib1g, ...) is left
# out: an unknown soname is named as it is.
DEBIAN_PACKAGES: dict[str, str] = {
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}

# why: ldd usually answers in about 10 ms (measured here); a loader that hangs must not keep the
# app from starting, so past this we give up checking and let Qt try as it always did
LDD_TIMEOUT_S = 10.0

_NOT_FOUND = re.compile(r"^\s*(\S+) => not found\s*$", re.MULTILINE)
_NO_DISPLAY_HINT = ("there is no display either (DISPLAY and WAYLAND_DISPLAY are not set): "
                    "set QT_QPA_PLATFORM=offscreen to run without a screen")


def first_platform(env: Mapping[str, str]) -> str:
    """The platform plugin Qt tries first: QT_QPA_PLATFORM's first entry, else wayland in a
    Wayland session (Qt 6 then falls back to xcb), else xcb."""
    chosen = env.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0].strip()
    return "wayland" if env.get("XDG_SESSION_TYPE", "") == "wayland" else "xcb"


def plugins(env: Mapping[str, str]) -> list[Path]:
    """The xcb plugins Qt may load, in its order: QT_QPA_PLATFORM_PLUGIN_PATH's, then PySide6's."""
    found = []
    override = env.get("QT_QPA_PLATFORM_PLUGIN_PATH", "")
    if override:
        found.append(Path(override) / PLUGIN)
    spec = importlib.util.find_spec("PySide6")  # why: finds the package without importing Qt
    if spec is not None and spec.submodule_search_locations:
        found.append(Path(list(spec.submodule_search_locations)[0]) / "Qt" / "plugins" / "platforms" / PLUGIN)
    return [p for p in found if p.is_file()]


def missing_sonames(ldd_output: str) -> list[str]:
    """The libraries ldd could not find ("libfoo.so.1 => not found"), each once, in its order."""
    return list(dict.fromkeys(_NOT_FOUND.findall(ldd_output)))


def message(sonames: Sequence[str], *, display: bool, apt: bool) -> str:
    """The one line for a plugin whose ``sonames`` are missing (``display``: is there one at all;
    ``apt``: does this system have apt-get)."""
    named, packages, qt, unknown = [], [], False, False
    for soname in sonames:
        package = DEBIAN_PACKAGES.get(soname)
        if package:
            named.append(f"{soname} ({package})")
            packages.append(package)
        elif soname.startswith("libQt6"):
            named.append(f"{soname} (part of PySide6)")
            qt = True
        else:
            named.append(soname)  # not in the table: named as it is
            unknown = True
    line = f'Qt platform plugin "xcb": missing system libraries: {", ".join(named)}'
    packages = list(dict.fromkeys(packages))
    if packages and apt:
        line += f"; install them with: sudo apt-get install -y {' '.join(packages)}"
    elif packages:
        line += f"; install your system's packages for them (on Debian or Ubuntu: {' '.join(packages)})"
    if qt:
        line += "; PySide6 is incomplete: reinstall it with: pip install --force-reinstall PySide6-Essentials"
    if unknown and not packages:
        line += "; install the packages that provide them"
    if not display:
        line += "; " + _NO_DISPLAY_HINT
    return line


def no_display(env: Mapping[str, str]) -> str | None:
    """The one line when xcb has no X display to connect to, else None."""
    if env.get("DISPLAY"):
        return None
    if env.get("WAYLAND_DISPLAY"):
        return ('no X display for the Qt platform plugin "xcb" (DISPLAY is not set): set '
                "QT_QPA_PLATFORM=wayland to use the Wayland display, or QT_QPA_PLATFORM=offscreen "
                "to run without a screen")
    return ("no display to show the window on (DISPLAY and WAYLAND_DISPLAY are not set): start "
            "rrdesk in a desktop session, or set QT_QPA_PLATFORM=offscreen to run it without a screen")


class Probe:
    """The check, started: ``ldd`` runs while the caller imports Qt; :meth:`problem` answers."""

    def __init__(self, env: Mapping[str, str], runs: list[subprocess.Popen[str]]) -> None:
        self._env, self._runs = env, runs

    @classmethod
    def start(cls, env: Mapping[str, str] | None = None, *, system: str = sys.platform) -> Probe | None:
        """Start checking, or None when there is nothing to check (not Linux, not xcb first).
        ``ldd`` is the one on PATH (found with the caller's PATH, not ``env``'s)."""
        env = os.environ if env is None else env
        if not system.startswith("linux") or first_platform(env) != "xcb":
            return None
        import shutil  # why here: only an xcb start runs ldd; every other start stays quick
        import subprocess

        ldd = shutil.which("ldd")
        runs = []
        if ldd:
            # why LC_ALL=C: "not found" must not be translated; the rest of the environment
            # (LD_LIBRARY_PATH above all) is the one Qt will load its plugin with
            child_env = {**env, "LC_ALL": "C"}
            for plugin in plugins(env):
                try:
                    # why a session of its own: ldd is a shell script that runs the loader as
                    # its child; giving up must end both, or the loader keeps the pipe open
                    runs.append(subprocess.Popen([ldd, str(plugin)], env=child_env, text=True,
                                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                                 stderr=subprocess.DEVNULL, start_new_session=True))
                except OSError:
                    break  # cannot run ldd: no check, Qt goes on as before
        return cls(env, runs)

    def problem(self) -> str | None:
        """The one line saying why Qt cannot start, or None when it can (or we cannot tell).
        Qt starts when any one of the plugins it may load resolves: only if none does are the
        first plugin's missing libraries named."""
        import shutil
        import signal
        import subprocess

        missing: list[list[str]] = []
        for run in self._runs:
            try:
                out, _ = run.communicate(timeout=LDD_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                os.killpg(run.pid, signal.SIGKILL)  # the group of the ldd we started, and only it
                run.communicate()
                out = ""
            missing.append(missing_sonames(out))
        display = bool(self._env.get("DISPLAY") or self._env.get("WAYLAND_DISPLAY"))
        if missing and all(missing):
            return message(missing[0], display=display, apt=shutil.which("apt-get") is not None)
        return no_display(self._env)
