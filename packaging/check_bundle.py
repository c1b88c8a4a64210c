"""Build the desktop bundle on a fresh clone and run it the way a field laptop would: no Python.

    python packaging/check_bundle.py                 # clone this repository's HEAD, build, check
    python packaging/check_bundle.py --working-tree  # build what is checked out, uncommitted files too
    python packaging/check_bundle.py --compare       # also build untrimmed, to print both sizes
    python packaging/check_bundle.py --bundle DIR    # only check a bundle built before (e.g. on a laptop)

Not part of the test suite: it takes a few minutes (a venv, pip, PyInstaller). Linux only.
It clones the repository (``git clone``, so only committed files: use ``--working-tree`` to test
changes not yet committed) into a temporary folder, makes a virtual environment there with this
Python (3.11), runs ``packaging/build.py``, unpacks the archive it makes into another folder as
a laptop would, deletes the clone and the virtual environment, and then runs the bundle with
an environment that has no Python: PATH is a folder holding only a link to ``age`` (when
installed), and PYTHONPATH, PYTHONHOME, VIRTUAL_ENV are unset; the first check proves that no
``python3`` can be found. Then: ``--version``; ``check`` on the bundled demo survey;
``keygen``; ``simulate`` + ``verify`` + ``export --same-disk`` + ``enrollment`` and ``enroll``
+ ``verify -i`` with the bundled demo identity + ``extract`` (and ``age -d`` on a record);
``aggregate`` when the command exists (with worker processes, which in a frozen program need
``multiprocessing.freeze_support``; ``--out`` writes answers.dta and answers.sav); bad input; the
desktop app on the offscreen platform (in English and in French), on a real X server (Xvfb) and
on Wayland (weston) when those are installed, each printing its time to first window; where
the app keeps its data; the bundled libraries' dependencies; the menu entry, AppStream file and
install-linux.sh. With ``strace`` installed it also checks, from the files the processes open,
that the translations, style sheet, icon and demo survey come from inside the bundle and that
no Python installation is touched. Prints each step's result, the build time and the size;
exits 1 when any step fails.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
# bytes: the target for the unpacked bundle (150 MiB), and 25 MiB more for pandas and
# pyreadstat, which write answers.dta and answers.sav (issue #28: the bundle carries them)
BUDGET = 175 * 2**20
GUI_TIMEOUT = 120


class Failed(Exception):
    pass


@dataclass
class Result:
    name: str
    status: str  # ok | FAIL | skipped
    seconds: float
    detail: str


@dataclass
class Checker:
    bundle: Path
    work: Path
    age: str | None
    results: list[Result] = field(default_factory=list)

    # -- running the bundle --------------------------------------------------------------

    def env(self, **extra: str) -> dict[str, str]:
        """No Python anywhere: PATH holds only links to non-Python tools; no PYTHON* variables."""
        env = {
            "PATH": str(self.work / "bin"),
            "HOME": str(self.work / "home"),
            "TMPDIR": str(self.work / "tmp"),
            "LANG": "C.UTF-8",
            "QT_QPA_PLATFORM": "offscreen",
        }
        env.update(extra)
        return env

    def run(self, *args: str, exe: str = "rrdesk", ok: tuple[int, ...] = (0,), timeout: float = 300,
            strace: Path | None = None, **extra: str) -> subprocess.CompletedProcess:
        command = [str(self.bundle / exe), *args]
        if strace is not None:
            command = [shutil.which("strace"), "-f", "-qq", "-s", "4096", "-e", "trace=openat,open,execve",
                       "-o", str(strace), *command]
        done = subprocess.run(command, env=self.env(**extra), cwd=self.work / "tmp", capture_output=True,
                              text=True, timeout=timeout)
        if done.returncode not in ok:
            raise Failed(f"`{exe} {' '.join(args)}` exited {done.returncode}: "
                         f"{(done.stderr or done.stdout).strip()[-800:]}")
        return done

    def step(self, name: str, action: Callable[[], str | None]) -> None:
        started = time.perf_counter()
        try:
            detail = action()
            status = "skipped" if detail is not None and detail.startswith("skipped") else "ok"
        except (Failed, subprocess.TimeoutExpired, OSError, ValueError, KeyError, AssertionError) as error:
            status, detail = "FAIL", f"{type(error).__name__}: {error}" if not isinstance(error, Failed) else str(error)
        seconds = time.perf_counter() - started
        self.results.append(Result(name, status, seconds, detail or ""))
        print(f"  {status:7} {name:28} {seconds:6.1f} s  {detail or ''}", flush=True)


# -- building ---------------------------------------------------------------------------------


def source_tree(dest: Path, working_tree: bool) -> None:
    if not working_tree:
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(dest)], check=True)
        return
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)


def build(work: Path, *, python: str, working_tree: bool, compare: bool) -> tuple[Path, dict[str, object]]:
    """Clone, venv, packaging/build.py; unpack the archive as a laptop would; return the bundle."""
    src, venv = work / "src", work / "venv"
    print(f"building from {'the working tree' if working_tree else 'a clone'} of {ROOT} in {src}", flush=True)
    source_tree(src, working_tree)
    info: dict[str, object] = {}
    started = time.perf_counter()
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    vpython = str(venv / "bin" / "python")
    with subprocess.Popen([vpython, str(src / "packaging" / "build.py")], cwd=src, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as building:
        for line in building.stdout:
            print("    " + line.rstrip(), flush=True)
    if building.returncode != 0:
        raise SystemExit(f"check_bundle: build.py failed (exit {building.returncode})")
    info["build_seconds"] = time.perf_counter() - started
    archives = sorted((src / "dist").glob("rrdesk-*.tar.gz"))
    laptop = work / "laptop"
    laptop.mkdir()
    if archives:
        info["archive_bytes"] = archives[0].stat().st_size
        with tarfile.open(archives[0]) as tar:
            tar.extractall(laptop, filter="tar")
    else:
        shutil.copytree(src / "dist" / "rrdesk", laptop / "rrdesk", symlinks=True)
    if compare:
        started = time.perf_counter()
        done = subprocess.run([vpython, str(src / "packaging" / "build.py"), "--no-install", "--no-trim",
                               "--no-archive"], cwd=src, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            print(done.stdout[-4000:])
            raise SystemExit("check_bundle: the untrimmed build failed")
        info["untrimmed_bytes"] = size_of(src / "dist" / "rrdesk")
        info["untrimmed_seconds"] = time.perf_counter() - started
    # why: nothing of the build may be needed at run time
    shutil.rmtree(src)
    shutil.rmtree(venv)
    return laptop / "rrdesk", info


def size_of(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_symlink() or p.is_file())


def human(n: float) -> str:
    return f"{n / 1e6:.1f} MB ({n / 2**20:.1f} MiB)"


# -- the checks -------------------------------------------------------------------------------


def opened_files(trace: Path) -> tuple[list[str], list[str]]:
    """(paths opened successfully, programs executed) from an strace log."""
    text = trace.read_text(errors="replace")
    opened = re.findall(r'open(?:at)?\((?:AT_FDCWD, )?"([^"]+)",[^)]*\) = \d+', text)
    executed = re.findall(r'execve\("([^"]+)", \[([^\]]*)\]', text)
    return opened, [f"{prog} {args}" for prog, args in executed]


def checks(c: Checker, *, strace: bool) -> None:
    resources = c.bundle / "_internal" / "resources"
    demo = resources / "surveys" / "demo.toml"
    identity = resources / "demo-identity.txt"
    data, usb, out = c.work / "field", c.work / "usb", c.work / "out"
    # the coordinator's side files, outside the bundle: the laptop enrolled, the ledger of logs seen
    laptops, ledger = c.work / "coordinator.laptops", c.work / "coordinator.ledger"
    state: dict[str, object] = {}

    def no_python() -> str:
        found = subprocess.run(["/bin/sh", "-c", "command -v python3 python python3.11 python3.12 || true"],
                               env=c.env(), capture_output=True, text=True).stdout.strip()
        if found:
            raise Failed(f"Python is reachable: {found}")
        leaked = [k for k in c.env() if k.startswith("PYTHON") or k in ("VIRTUAL_ENV", "CONDA_PREFIX")]
        if leaked:
            raise Failed(f"environment sets {leaked}")
        return f"PATH={c.env()['PATH']} ({', '.join(os.listdir(c.work / 'bin')) or 'empty'}); `command -v python3` finds nothing"

    def libraries() -> str:
        internal = c.bundle / "_internal"
        missing: dict[str, set[str]] = {}
        host: set[str] = set()
        files = [p for p in internal.rglob("*.so*") if p.is_file() and not p.is_symlink()]
        for path in files:  # as the bootloader sets it up: _internal first, then the system
            done = subprocess.run(["ldd", str(path)], env={"LD_LIBRARY_PATH": str(internal), "PATH": "/usr/bin:/bin"},
                                  capture_output=True, text=True)
            for lib in re.findall(r"^\s*(\S+) => not found", done.stdout, re.M):
                missing.setdefault(lib, set()).add(path.name)
            host.update(m for m in re.findall(r"=> (/\S+)", done.stdout) if not m.startswith(str(c.bundle)))
        if missing:
            raise Failed("not found on this system: " + "; ".join(f"{k} (for {', '.join(sorted(v)[:3])})"
                                                                  for k, v in sorted(missing.items())))
        names = sorted({Path(h).name.split(".so")[0] for h in host})
        # the newest C library version any bundled binary asks for: the oldest laptop it runs on
        glibc = max((tuple(int(x) for x in v.split(b".")) for p in [c.bundle / "rrdesk", *files]
                     for v in re.findall(rb"GLIBC_(2\.\d+(?:\.\d+)?)\x00", p.read_bytes())), default=(0,))
        return (f"{len(files)} bundled libraries resolve; needs glibc ≥ {'.'.join(map(str, glibc))}; "
                f"from the system: {' '.join(names)}")

    def version() -> str:
        line = c.run("--version").stdout.strip()
        if not re.fullmatch(r"rrdesk \d+\.\d+\.\d+\S*", line):
            raise Failed(f"unexpected --version output {line!r}")
        return line

    def check() -> str:
        text = c.run("check", str(demo)).stdout
        report = json.loads(c.run("check", str(demo), "--json").stdout)
        ids = [q["id"] for q in report["questions"]]
        assert "ε" in text or "epsilon" in text.lower(), "no ε in the table"
        return f"{len(ids)} questions ({', '.join(ids)}), ε per respondent {report['epsilon_per_respondent']:.4f}"

    def bad_input() -> str:
        done = c.run("check", str(c.work / "missing.toml"), ok=(2,))
        lines = done.stderr.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("rrdesk: error:") or "Traceback" in done.stderr:
            raise Failed(f"expected one `rrdesk: error:` line, got {done.stderr!r}")
        return f"exit 2: {lines[0][:90]}"

    def keygen() -> str:
        key = c.work / "coordinator-key.txt"
        recipient = c.run("keygen", "-o", str(key)).stdout.strip()
        mode = key.stat().st_mode & 0o777
        if not recipient.startswith("age1") or mode != 0o600:
            raise Failed(f"recipient {recipient!r}, mode {oct(mode)}")
        return f"{recipient[:20]}…, key file mode {oct(mode)}"

    def simulate() -> str:
        done = c.run("simulate", str(demo), "--data", str(data), "-n", "300", "--truth", "unhappy=0.3",
                     "--seed", "7", "--json")
        json.loads(done.stdout)
        verified = c.run("verify", str(data), "--json")
        report = json.loads(verified.stdout)
        if report["problems"]:
            raise Failed(f"verify of the data folder: {report['problems'][:2]}")
        state["records"] = report["records"]
        return f"300 respondents, {report['records']} records; verify of the data folder: 0 problems"

    def export() -> str:
        usb.mkdir(exist_ok=True)
        # --same-disk: the "stick" is a folder beside the data (export refuses that unless told)
        path = c.run("export", "--data", str(data), "--survey-id", "workplace-demo", "--to", str(usb),
                     "--same-disk").stdout.strip()
        bundle = Path(path.splitlines()[-1])
        if not bundle.is_file() or bundle.parent != usb:
            raise Failed(f"export printed {path!r}")
        state["bundle"] = bundle
        # the laptop enrolled as a coordinator does it (its key id read off its screen), so that
        # verify -i and aggregate accept its bundle's signature
        enrolled = c.run("enrollment", "--data", str(data), "--to", str(usb))
        key_id = re.search(r"key id is (\S+?):", enrolled.stderr)
        if key_id is None:
            raise Failed(f"rrdesk enrollment named no key id: {enrolled.stderr.strip()[-300:]}")
        c.run("enroll", enrolled.stdout.strip().splitlines()[0], "--laptops", str(laptops), "--key-id", key_id[1])
        return f"{bundle.name} ({bundle.stat().st_size} bytes); the laptop enrolled"

    def verify() -> str:
        report = json.loads(c.run("verify", str(state["bundle"]), "-i", str(identity), "--laptops", str(laptops),
                                  "--json").stdout)
        if report["problems"] or report["records"] != state["records"]:
            raise Failed(f"records {report['records']} (expected {state['records']}), problems {report['problems'][:2]}")
        return f"{report['records']} intact records, every one decrypted with the bundled demo identity"

    def extract() -> str:
        into = c.work / "extracted"
        c.run("extract", str(state["bundle"]), "--to", str(into), "-i", str(identity))
        files = sorted(into.rglob("*.age"))
        if len(files) != state["records"]:
            raise Failed(f"{len(files)} .age files for {state['records']} records")
        if c.age is None:
            return f"{len(files)} .age files (age not installed: not decrypted)"
        plain = subprocess.run([c.age, "-d", "-i", str(identity), str(files[0])], capture_output=True, check=True).stdout
        json.loads(plain)
        return f"{len(files)} .age files; `age -d` opens one to JSON"

    def aggregate() -> str:
        if "aggregate" not in c.run("--help").stdout:
            return "skipped: this version has no aggregate command"
        trace = c.work / "aggregate.strace" if strace else None
        # --include-synthetic: the interviews are simulate's (marked so, and left out without it)
        custody = ("--laptops", str(laptops), "--ledger", str(ledger), "--include-synthetic")
        two = json.loads(c.run("aggregate", str(state["bundle"]), "-i", str(identity), *custody, "--json",
                               "--workers", "2", "--out", str(out), strace=trace).stdout)
        one = json.loads(c.run("aggregate", str(state["bundle"]), "-i", str(identity), *custody, "--json",
                               "--workers", "1").stdout)
        if two["problems"] or two["questions"] != one["questions"]:
            raise Failed("2 workers and 1 disagree, or problems: " + str(two["problems"][:2]))
        unhappy = next(q for q in two["questions"] if q["id"] == "unhappy")
        reports = sorted(p.name for p in out.iterdir()) if out.is_dir() else []
        if "answers.dta" not in reports or "answers.sav" not in reports:  # the datafiles extra is bundled
            raise Failed(f"--out wrote no answers.dta or answers.sav: {', '.join(reports)}")
        workers = ""
        if trace is not None:
            _, executed = opened_files(trace)
            forks = [e for e in executed if "--multiprocessing-fork" in e]
            if not forks:
                raise Failed("no worker process was started (in a frozen program they need freeze_support)")
            workers = f"; {len(forks)} worker processes ran"
        return (f"{two['records']} records, unhappy ≈ {unhappy['estimate']:.2f} "
                f"(95 % CI {unhappy['ci95'][0]:.2f}–{unhappy['ci95'][1]:.2f}, truth 0.30){workers}; "
                f"--out wrote {', '.join(reports)}")

    def gui(platform: str, *, lang: str = "C.UTF-8", trace: Path | None = None, **extra: str) -> str:
        started = time.perf_counter()
        done = c.run("--data", str(c.work / f"gui-{platform}"), exe="rrdesk-gui", timeout=GUI_TIMEOUT, strace=trace,
                     QT_QPA_PLATFORM=platform, RRDESK_GUI_QUIT_AFTER_SHOW="1", LANG=lang, LC_ALL=lang, **extra)
        shown = re.search(r"shown ([\d.]+) s after run\(\); peak rss ([\d.]+) MiB", done.stdout)
        if not shown:
            raise Failed(f"no `shown … s` line: {done.stdout.strip()[-300:]} {done.stderr.strip()[-500:]}")
        whole = time.perf_counter() - started
        return (f"first window {float(shown.group(1)) * 1000:.0f} ms after run() began; process start to exit "
                f"{whole:.2f} s{' (under strace)' if trace else ''}; peak RSS {shown.group(2)} MiB")

    def gui_offscreen() -> str:
        return gui("offscreen")

    def gui_french() -> str:
        trace = c.work / "gui-fr.strace" if strace else None
        detail = gui("offscreen", lang="fr_FR.UTF-8", trace=trace)
        if trace is None:
            needed = [resources / "translations" / "rrdesk_fr.qm", resources / "style.qss", resources / "icons" / "rrdesk.svg",
                      c.bundle / "_internal" / "docs" / "survey-format.md",  # Help → Survey file format
                      c.bundle / "_internal" / "PySide6" / "Qt" / "translations" / "qtbase_fr.qm"]
            absent = [str(p) for p in needed if not p.is_file()]
            if absent:
                raise Failed(f"missing from the bundle: {absent}")
            return detail + " (strace not installed: files checked by presence only)"
        opened, executed = opened_files(trace)
        wanted = {"rrdesk_fr.qm": "resources/translations/rrdesk_fr.qm", "qtbase_fr.qm": "Qt/translations/qtbase_fr.qm",
                  "style.qss": "resources/style.qss", "rrdesk.svg": "resources/icons/rrdesk.svg",
                  "demo.toml": "resources/surveys/demo.toml", "libqsvgicon.so": "plugins/iconengines/libqsvgicon.so"}
        for name, tail in wanted.items():
            hits = [p for p in opened if p.endswith(tail)]
            if not hits:
                raise Failed(f"the app never opened {tail}")
            outside = [p for p in hits if not os.path.realpath(p).startswith(str(c.bundle.resolve()))]
            if outside:
                raise Failed(f"{name} was read from outside the bundle: {outside[0]}")
        pythonish = [p for p in opened if re.search(r"/(lib/python3|\.pyenv|site-packages|\.venv)", p)
                     and not p.startswith(str(c.bundle))]
        if pythonish or any("python" in Path(e.split()[0]).name for e in executed):
            raise Failed(f"touched a Python installation: {(pythonish or executed)[:2]}")
        return detail + "; read rrdesk_fr.qm, qtbase_fr.qm, style.qss, rrdesk.svg, demo.toml, svg icon plugin from the bundle"

    def gui_x11() -> str:
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            return "skipped: Xvfb not installed"
        read, write = os.pipe()
        server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                                  pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        try:
            display = os.read(read, 16).decode().strip()
            if not display:
                raise Failed("Xvfb did not start")
            return gui("xcb", DISPLAY=f":{display}") + f" (Xvfb :{display})"
        finally:
            os.close(read)
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)

    def gui_wayland() -> str:
        weston = shutil.which("weston")
        if weston is None:
            return "skipped: weston not installed"
        runtime = c.work / "xdg-runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        socket = "rrdesk-check-wayland"
        env = {"XDG_RUNTIME_DIR": str(runtime), "PATH": "/usr/bin:/bin", "HOME": str(c.work / "home")}
        for backend in ("headless-backend.so", "headless"):  # weston 10 knows only the first
            compositor = subprocess.Popen([weston, f"--backend={backend}", f"--socket={socket}", "--idle-time=0"],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                for _ in range(100):
                    if (runtime / socket).exists() or compositor.poll() is not None:
                        break
                    time.sleep(0.1)
                if (runtime / socket).exists() and compositor.poll() is None:
                    return gui("wayland", XDG_RUNTIME_DIR=str(runtime), WAYLAND_DISPLAY=socket) + " (weston, headless)"
            finally:
                if compositor.poll() is None:
                    compositor.send_signal(signal.SIGTERM)
                    compositor.wait(timeout=10)
        return "skipped: weston did not start"

    def data_location() -> str:
        home = c.work / "home"
        c.run(exe="rrdesk-gui", timeout=GUI_TIMEOUT, RRDESK_GUI_QUIT_AFTER_SHOW="1")
        folder = home / ".local" / "share" / "rrdesk" / "rrdesk"
        if not (folder / "workplace-demo").is_dir():
            raise Failed(f"no {folder}/workplace-demo after the app opened the demo survey")
        inside = [p for p in c.bundle.rglob("*") if p.name == "workplace-demo"]
        if inside:
            raise Failed(f"the app wrote into the bundle: {inside[0]}")
        return f"interviews in ~/{folder.relative_to(home)}/workplace-demo; nothing written into the bundle"

    def desktop_files() -> str:
        share = c.bundle / "share"
        desktop, meta = share / "applications" / "rrdesk.desktop", share / "metainfo" / "org.rrdesk.RRDesk.metainfo.xml"
        icons = sorted(str(p.relative_to(share / "icons" / "hicolor")) for p in (share / "icons").rglob("rrdesk.*"))
        said = []
        if shutil.which("desktop-file-validate"):
            v = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
            if v.returncode != 0 or "error" in v.stdout:
                raise Failed(f"desktop-file-validate: {v.stdout.strip()}")
            said.append("desktop-file-validate ok")
        if shutil.which("appstreamcli"):
            v = subprocess.run(["appstreamcli", "validate", "--no-net", str(meta)], capture_output=True, text=True)
            if v.returncode != 0:
                raise Failed(f"appstreamcli validate: {v.stdout.strip()}")
            said.append("appstreamcli validate ok")
        home = c.work / "install-home"
        env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
        subprocess.run([str(c.bundle / "install-linux.sh")], env=env, check=True, capture_output=True, text=True)
        installed = home / ".local" / "share" / "applications" / "rrdesk.desktop"
        exe = home / ".local" / "bin" / "rrdesk"
        version_line = subprocess.run([str(exe), "--version"], env=c.env(), capture_output=True, text=True).stdout.strip()
        if not installed.is_file() or not version_line.startswith("rrdesk"):
            raise Failed("install-linux.sh did not install the menu entry and ~/.local/bin/rrdesk")
        subprocess.run([str(c.bundle / "install-linux.sh"), "--uninstall"], env=env, check=True, capture_output=True)
        if installed.exists() or exe.exists():
            raise Failed("install-linux.sh --uninstall left files behind")
        return f"icons {' '.join(icons)}; {'; '.join(said)}; install-linux.sh installs and uninstalls"

    c.step("no Python on PATH", no_python)
    c.step("bundled libraries resolve", libraries)
    c.step("rrdesk --version", version)
    c.step("check (demo survey)", check)
    c.step("bad input: one error line", bad_input)
    c.step("keygen", keygen)
    c.step("simulate + verify folder", simulate)
    c.step("export", export)
    c.step("verify -i (demo identity)", verify)
    c.step("extract (+ age -d)", extract)
    c.step("aggregate", aggregate)
    c.step("GUI offscreen", gui_offscreen)
    c.step("GUI offscreen, French", gui_french)
    c.step("GUI X11 (Xvfb)", gui_x11)
    c.step("GUI Wayland (weston)", gui_wayland)
    c.step("data location", data_location)
    c.step("desktop integration", desktop_files)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="check_bundle.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--working-tree", action="store_true", help="build the checked-out files, not a clone of HEAD")
    p.add_argument("--compare", action="store_true", help="also build without trimming and print both sizes")
    p.add_argument("--bundle", type=Path, help="check this bundle folder; do not build")
    p.add_argument("--python", default=sys.executable, help="the Python 3.11 to build with (default: this one)")
    p.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = p.parse_args(argv)
    if not sys.platform.startswith("linux"):
        print("check_bundle: Linux only (see README, Build the bundle, for Windows and macOS)", file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="rrdesk-bundle-check-"))
    for sub in ("bin", "home", "tmp"):
        (work / sub).mkdir()
    age = shutil.which("age")
    if age:
        os.symlink(age, work / "bin" / "age")
    info: dict[str, object] = {}
    try:
        if args.bundle:
            bundle = args.bundle.resolve()
        else:
            bundle, info = build(work, python=args.python, working_tree=args.working_tree, compare=args.compare)
        size = size_of(bundle)
        print(f"\nchecking {bundle} with no Python on the PATH:", flush=True)
        checker = Checker(bundle=bundle, work=work, age=str(work / "bin" / "age") if age else None)

        def within_budget() -> str:
            if size > BUDGET:
                raise Failed(f"{human(size)} is over the budget of {human(BUDGET)}")
            return f"{human(size)}, budget {human(BUDGET)}"

        checker.step("size", within_budget)
        checks(checker, strace=shutil.which("strace") is not None)

        failed = [r for r in checker.results if r.status == "FAIL"]
        print()
        if "build_seconds" in info:
            print(f"build time     {info['build_seconds']:.1f} s (fresh venv: pip install + PyInstaller + archive)")
        print(f"bundle size    {human(size)}")
        if "untrimmed_bytes" in info:
            print(f"untrimmed      {human(info['untrimmed_bytes'])} (build.py --no-trim)")
        if "archive_bytes" in info:
            print(f"archive        {human(info['archive_bytes'])} (.tar.gz)")
        skipped = [r for r in checker.results if r.status == "skipped"]
        print(f"checks         {len(checker.results) - len(failed) - len(skipped)} ok, {len(failed)} failed, "
              f"{len(skipped)} skipped" + (f" (failed: {', '.join(r.name for r in failed)})" if failed else ""))
        return 1 if failed else 0
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
