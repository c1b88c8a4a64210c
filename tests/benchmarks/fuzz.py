"""Fuzz the readers of hostile input through the real command line, in this process.

Mutates N survey files, identity files, bundles and records (byte flips, truncations,
insertions, and structure edits that keep the outer layers valid so the inner parsers are
reached: a bundle's members edited and resealed with its manifest updated, a record's
plaintext edited and sealed into a log by the real log writer), runs ``check``, ``verify``
and ``aggregate`` on each via :func:`rrdesk.cli.main`, and counts tried / held.

Held: exit code 0, 1 or 2; at most one line on stderr; no traceback, no "internal error";
done within ``--timeout`` seconds. (Exit 0 is held too: some mutations are harmless, say a
flipped letter in a question's text.) Every input that did not hold is kept under
``--keep`` with what happened, so it can be replayed.

    python tests/benchmarks/fuzz.py -n 500 --seed 1
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import shutil
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rrdesk import cli  # noqa: E402
from rrdesk.core import survey as surveys  # noqa: E402
from rrdesk.store import age, bundle, keys, log

DEMO = ROOT / "resources" / "surveys" / "demo.toml"
KEY = ROOT / "resources" / "demo-identity.txt"
SID = "workplace-demo"
_MAX_EDITS = 8  # why: a few edits at once reach more states than one; many only make noise


def run(argv: list[str], timeout: float) -> tuple[int | None, str, str, float]:
    """``rrdesk ARGV`` in a thread; (exit code or None for a hang, stdout, stderr, seconds)."""
    box: list = []
    out, err = io.StringIO(), io.StringIO()

    def target() -> None:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                box.append(cli.main(argv))
            except SystemExit as stop:
                box.append(stop.code)
            except BaseException as error:  # noqa: BLE001 - a crash is what we count
                err.write(f"Traceback (escaped main): {type(error).__name__}\n")
                box.append(-1)

    start = time.monotonic()
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    took = time.monotonic() - start
    return (None if thread.is_alive() else box[0]), out.getvalue(), err.getvalue(), took


def held(code: int | None, out: str, err: str) -> bool:
    text = out + err
    return (code in (0, 1, 2) and err.count("\n") <= 1 and "Traceback" not in text
            and "internal error" not in text)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """Random byte flips, truncations, insertions, deletions and duplications."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, _MAX_EDITS)):
        op = rng.randrange(6)
        at = rng.randrange(len(buf) + 1) if buf else 0
        if op == 0 and buf:
            buf[min(at, len(buf) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            del buf[at:]
        elif op == 2:
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif op == 3:
            del buf[at:at + rng.randint(1, 64)]
        elif op == 4 and buf:
            piece = buf[at:at + rng.randint(1, 256)]
            buf[at:at] = piece * rng.randint(1, 50)
        else:
            buf[at:at] = rng.choice([b"[" * 5000, b"{" * 5000, b'"a":' * 1000, b"\0", b"\xff\xfe",
                                     b"=[[[[", b"\n[[question]]\n", b"9" * 5000, b"1e400"])
    return bytes(buf)


def edit_text(text: str, rng: random.Random) -> str:
    """A structure edit of TOML or JSON text: a value changed, a line dropped or repeated."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        op = rng.randrange(4)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            lines[i] = lines[i].replace(rng.choice(["1", '"', "=", "yes", "no", ":", ","]),
                                        rng.choice(["", "9", "[", "{", '""', "-1", "1e999"]), 1)
        else:
            lines[i] = rng.choice(["[[question]]", "x = [" * 600, "y = {" * 600, lines[i] * 2])
    return "\n".join(lines)


class Fuzz:
    def __init__(self, work: Path, seed: int, timeout: float, keep: Path) -> None:
        self.work, self.rng, self.timeout, self.keep = work, random.Random(seed), timeout, keep
        self.counts: dict[str, list[int]] = {}
        self.slowest = 0.0
        self.identities = keys.load_identities(KEY)
        self.recipients = age.Recipients(surveys.load(DEMO).recipients)
        self.data = work / "data"
        self._rrdesk("simulate", DEMO, "--data", self.data, "-n", 3, "--seed", seed)
        self.stick = work / "stick"
        self.stick.mkdir()
        code, out, _, _ = run(["export", "--data", str(self.data), "--survey-id", SID, "--to", str(self.stick),
                                 "--same-disk"], 60)
        assert code == 0, out
        self.genuine = Path(out.strip())
        (self.log,) = (self.data / SID).glob("*.rrlog")
        self.plain = age.decrypt(self.genuine.read_bytes(), self.identities)
        self.sample = age.decrypt(log.scan(self.log.read_bytes(), str(self.log)).frames[1].blob, self.identities)

    def _rrdesk(self, *argv: object) -> None:
        code, _, err, _ = run([str(a) for a in argv], 120)
        assert code == 0, err

    def attempt(self, kind: str, argv: list[str], files: list[Path]) -> None:
        code, out, err, took = run(argv, self.timeout)
        self.slowest = max(self.slowest, took)
        tally = self.counts.setdefault(kind, [0, 0])
        tally[0] += 1
        if held(code, out, err):
            tally[1] += 1
            return
        case = self.keep / f"{kind}-{tally[0]}"
        case.mkdir(parents=True, exist_ok=True)
        for path in files:
            if path.is_file():
                shutil.copy(path, case / path.name)
        (case / "what.txt").write_text(f"argv: {argv}\nexit: {code} after {took:.2f} s\n"
                                       f"--- stdout\n{out[-4000:]}\n--- stderr\n{err[-4000:]}\n")

    def survey(self, i: int) -> None:
        path = self.work / f"survey-{i}.toml"
        text = DEMO.read_bytes()
        path.write_bytes(mutate(text, self.rng) if self.rng.random() < 0.5
                         else edit_text(text.decode("utf-8"), self.rng).encode("utf-8"))
        self.attempt("survey", ["check", str(path)], [path])
        path.unlink()

    def identity(self, i: int) -> None:
        path = self.work / f"identity-{i}.txt"
        path.write_bytes(mutate(KEY.read_bytes(), self.rng))
        command = self.rng.choice(["verify", "aggregate"])
        self.attempt("identity", [command, "-i", str(path), str(self.genuine)], [path])
        path.unlink()

    def bundle(self, i: int) -> None:
        path = self.work / f"bundle-{i}{bundle.SUFFIX}"
        if self.rng.random() < 0.25:  # the sealed bytes themselves
            sealed = mutate(self.genuine.read_bytes(), self.rng)
        else:  # inside: the tar, or one member with the manifest made to match, then resealed
            sealed = age.encrypt(self._inner(), self.recipients)
        path.write_bytes(sealed)
        command = self.rng.choice(["verify", "aggregate"])
        argv = ([command, "-i", str(KEY), str(path)] if command == "verify"
                else [command, str(path), str(self.genuine), "-i", str(KEY), "--workers", "1"])
        self.attempt("bundle", argv, [path])
        path.unlink()

    def _inner(self) -> bytes:
        if self.rng.random() < 0.3:
            return mutate(self.plain, self.rng)
        with tarfile.open(fileobj=io.BytesIO(self.plain)) as tar:
            members = {m.name: tar.extractfile(m).read() for m in tar}
        manifest = json.loads(members[bundle.MANIFEST])
        name = self.rng.choice(sorted(members))
        blob = members[name]
        if name in (bundle.SURVEY_FILE, bundle.MANIFEST) and self.rng.random() < 0.5:
            blob = edit_text(blob.decode("utf-8"), self.rng).encode("utf-8")
        else:
            blob = mutate(blob, self.rng)
        members[name] = blob
        if name != bundle.MANIFEST:  # the manifest made to match, so the member itself is read
            for entry in [manifest["survey_file"], *manifest["logs"], *manifest["keys"], *manifest["torn"]]:
                if entry["name"] == name or (name == bundle.SURVEY_FILE and entry is manifest["survey_file"]):
                    entry["size"], entry["sha256"] = len(blob), hashlib.sha256(blob).hexdigest()
            members[bundle.MANIFEST] = json.dumps(manifest).encode("utf-8")
        out = io.BytesIO()
        with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tar:
            for member, data in members.items():
                info = tarfile.TarInfo(member)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        return out.getvalue()

    def record(self, i: int) -> None:
        folder = self.work / f"record-{i}" / SID
        folder.mkdir(parents=True)
        shutil.copy(self.data / SID / bundle.SURVEY_FILE, folder / bundle.SURVEY_FILE)
        target = folder / self.log.name
        shutil.copy(self.log, target)
        shutil.copy(log.key_path(self.log), log.key_path(target))
        text = self.sample.rstrip(b" ")
        plain = (mutate(text, self.rng) if self.rng.random() < 0.5
                 else edit_text(text.decode("ascii").replace(",", ",\n"), self.rng).replace("\n", "").encode())
        if self.rng.random() < 0.5:
            plain = plain.ljust(len(self.sample), b" ")
        with log.LogWriter.open(target) as writer:
            writer.append(age.encrypt(plain, self.recipients))
        self.attempt("record", ["verify", "-i", str(KEY), str(folder.parent)], [target])
        shutil.rmtree(folder.parent)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100, help="inputs of each kind (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before a run counts as a hang")
    parser.add_argument("--kinds", default="survey,identity,bundle,record")
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"), help="where failing inputs go")
    args = parser.parse_args(argv)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rrdesk-fuzz-") as work:
        fuzz = Fuzz(Path(work), args.seed, args.timeout, args.keep)
        steps: dict[str, Callable[[int], None]] = {"survey": fuzz.survey, "identity": fuzz.identity,
                                                   "bundle": fuzz.bundle, "record": fuzz.record}
        for kind in args.kinds.split(","):
            for i in range(args.n):
                steps[kind](i)
    failed = 0
    for kind, (tried, ok) in fuzz.counts.items():
        failed += tried - ok
        print(f"{kind:<9} tried {tried:>5}  held {ok:>5}")
    print(f"slowest run {fuzz.slowest:.2f} s; {time.monotonic() - started:.0f} s in all; seed {args.seed}"
          + (f"; failures kept in {args.keep}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
