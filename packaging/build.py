"""Build the rrdesk desktop bundle: a folder that runs with no Python installed.

Run inside a Python 3.11 virtual environment, from a fresh clone or a checkout::

    python3.11 -m venv .venv && . .venv/bin/activate
    python packaging/build.py            # ~1 minute on two cores, plus the downloads

It installs rrdesk with its ``datafiles`` extra (``pip install -e '.[datafiles,audio]'``: the
Stata and SPSS files of ``aggregate --out``) and its ``audio`` extra (Qt Multimedia plays a
survey's sounds) and the pinned PyInstaller, runs
``packaging/rrdesk.spec`` and makes

    dist/rrdesk/                              the bundle: rrdesk, rrdesk-gui, _internal/, and on
                                              Linux install-linux.sh and share/ (menu entry, icons)
    dist/rrdesk-VERSION-linux-x86_64.tar.gz   the same folder as one file to carry (zip on Windows)

then prints the build time and the bundle's size. Options: ``--no-install`` (use what the
environment has), ``--no-trim`` (PyInstaller's defaults, to compare sizes), ``--no-archive``,
``--clean`` (empty PyInstaller's caches first). ``packaging/check_bundle.py`` builds on a fresh
clone and runs every command of the result with no Python on the PATH.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

# Verified: 6.22.3 with PySide6-Essentials 6.11.3, numpy 2.4, cryptography 50 on CPython 3.11.
# A minor release of PyInstaller can change the hooks the spec trims after, so the range is narrow.
PYINSTALLER = "pyinstaller>=6.22,<6.23"

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "rrdesk.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
BUNDLE = DIST / "rrdesk"
LINUX, WINDOWS, MACOS = sys.platform.startswith("linux"), sys.platform == "win32", sys.platform == "darwin"

# The share/ tree of the Linux bundle: (source in packaging/, destination under share/).
DESKTOP_FILES = [
    ("rrdesk.desktop", "applications/rrdesk.desktop"),
    ("org.rrdesk.RRDesk.metainfo.xml", "metainfo/org.rrdesk.RRDesk.metainfo.xml"),
    ("icons/rrdesk.svg", "icons/hicolor/scalable/apps/rrdesk.svg"),
    *((f"icons/rrdesk-{n}.png", f"icons/hicolor/{n}x{n}/apps/rrdesk.png") for n in (48, 128, 256)),
]

BUNDLE_README = """\
rrdesk {version}: randomized-response surveys on field laptops. No Python and no internet needed.

  ./rrdesk-gui                 the desktop app (the demo survey until you open yours)
  ./rrdesk --help              the commands: check, keygen, simulate, export, verify, extract, ...
  ./install-linux.sh           optional: a menu entry and `rrdesk` on your PATH (~/.local)

The demo survey and its public demo key are in _internal/resources/. Interviews are saved in
~/.local/share/rrdesk/rrdesk/ (never inside this folder), sealed to the coordinator's key.
"""


def version() -> str:
    text = (ROOT / "rrdesk" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__\s*=\s*"([^"]+)"', text).group(1)


def size_of(path: Path) -> int:
    """Bytes in the files under ``path`` (symbolic links counted as links, not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_symlink() or p.is_file())


def human(n: int) -> str:
    return f"{n / 1e6:.1f} MB ({n / 2**20:.1f} MiB)"


def run(command: list[str], *, log: Path | None = None, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    if log is None:
        subprocess.run(command, check=True, cwd=ROOT, env=env)
        return
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        print(log.read_text(encoding="utf-8", errors="replace")[-6000:], file=sys.stderr)
        raise SystemExit(f"build: error: {command[2] if len(command) > 2 else command[0]} failed "
                         f"(exit {done.returncode}); the whole log is {log}")


def missing_for_xcb(log: Path) -> list[str]:
    """Libraries Qt's X11 platform plugin needs that this build machine lacks, so the bundle
    could not take them along (PyInstaller says "Library not found")."""
    text = log.read_text(encoding="utf-8", errors="replace")
    found = re.findall(r"could not resolve '([^']+)', dependency of '[^']*(?:xcb|Xcb)[^']*'", text)
    return sorted(set(found))


def add_desktop_files(bundle: Path) -> None:
    share = bundle / "share"
    for source, dest in DESKTOP_FILES:
        target = share / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGING / source, target)
    shutil.copyfile(PACKAGING / "install-linux.sh", bundle / "install-linux.sh")
    (bundle / "install-linux.sh").chmod(0o755)
    (bundle / "README.txt").write_text(BUNDLE_README.format(version=version()), encoding="utf-8")


def archive(bundle: Path) -> Path:
    machine = platform.machine().lower().replace("amd64", "x86_64")
    system = "linux" if LINUX else "windows" if WINDOWS else "macos"
    stem = DIST / f"rrdesk-{version()}-{system}-{machine}"
    if WINDOWS:
        return Path(shutil.make_archive(str(stem), "zip", root_dir=bundle.parent, base_dir=bundle.name))
    target = stem.with_name(stem.name + ".tar.gz")
    with tarfile.open(target, "w:gz", compresslevel=6) as tar:  # keeps the rrdesk-gui symlink
        tar.add(bundle, arcname=bundle.name)
    return target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--no-install", action="store_true", help="do not pip-install rrdesk and PyInstaller")
    p.add_argument("--no-trim", action="store_true", help="keep everything PyInstaller collects (size comparison)")
    p.add_argument("--no-archive", action="store_true", help="do not pack the folder into an archive")
    p.add_argument("--clean", action="store_true", help="empty PyInstaller's caches first")
    args = p.parse_args(argv)

    if sys.version_info[:2] != (3, 11):
        print(f"build: warning: Python {platform.python_version()}; the bundle is verified with 3.11",
              file=sys.stderr)
    started = time.perf_counter()
    if not args.no_install:
        if sys.prefix == sys.base_prefix:
            print("build: error: not in a virtual environment; make one first "
                  "(python3.11 -m venv .venv && . .venv/bin/activate) or pass --no-install", file=sys.stderr)
            return 2
        # the datafiles extra: answers.dta and answers.sav (pyreadstat, pandas), which the
        # bundle carries so that a coordinator without Python gets them too
        run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q",
             "-e", f"{ROOT}[datafiles,audio]", PYINSTALLER])  # [audio]: Qt Multimedia, to play a survey's sounds
    installed = time.perf_counter()

    env = dict(os.environ, RRDESK_BUNDLE_TRIM="0" if args.no_trim else "1")
    log = WORK / "pyinstaller.log"
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", *(["--clean"] if args.clean else []),
         "--log-level", "WARN", "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)], log=log, env=env)
    bundled = time.perf_counter()

    bundle = DIST / "RRDesk.app" if MACOS else BUNDLE
    if LINUX:
        add_desktop_files(bundle)
        missing = missing_for_xcb(log)
        if missing:
            print("build: warning: this machine lacks " + ", ".join(missing) + ", which Qt's X11 plugin "
                  "needs: the bundle cannot carry them, so every laptop must have them. Install them "
                  "here and build again (Debian/Ubuntu: apt-get install libxcb-cursor0 libxcb-icccm4 "
                  "libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xkb1 libxkbcommon-x11-0)",
                  file=sys.stderr)
    packed = None
    if not args.no_archive and not MACOS:
        packed = archive(bundle)
    finished = time.perf_counter()

    print()
    print(f"bundle      {bundle}  ({'untrimmed' if args.no_trim else 'trimmed'})")
    print(f"size        {human(size_of(bundle))}, {sum(1 for _ in bundle.rglob('*'))} files")
    if packed is not None:
        print(f"archive     {packed}  {human(size_of(packed))}")
    print(f"build time  {finished - started:.1f} s  (pip {installed - started:.1f} s, "
          f"PyInstaller {bundled - installed:.1f} s, archive {finished - bundled:.1f} s)")
    print(f"run         {bundle / ('rrdesk.exe' if WINDOWS else 'rrdesk')} --version")
    return 0


if __name__ == "__main__":
    sys.exit(main())
