"""Hostile 4 MB bundles, each verified and aggregated against the clock (issue #12: one took 21 s).

Anyone with the survey's public recipient can seal a bundle, so each one here is sealed to the
demo recipient and reaches every parser behind the age layer. The kinds (``--kinds``):

- ``members``: thousands of tiny members (torn-tail side files, every one listed in the manifest);
- ``manifest``: a giant manifest (one log's ``problems`` list of short strings, ~4 MB);
- ``declared``: members whose tar headers declare huge sizes (cut short: refused);
- ``pax``: a chain of pax extended headers, one after another, before the first member;
- ``frames``: one log of tens of thousands of minimal frames (a valid chain over garbage blobs);
- ``records``: one log of tiny well-formed age files (an X25519 stanza each), chain valid;
- ``forged``: the same records in a log whose first key the forger sealed to the coordinator
  (tags valid, as anyone with the recipient can make them): every record is decrypted.

Each is verified (``rrdesk verify BUNDLE -i KEY``) and aggregated (``--workers 1``) in this process;
the figures are seconds per command, of CPU time (this process, all its threads) and of wall
time. Target: every one under 2 s (issue #12), judged on CPU time whatever the load; the wall
time is judged only on a quiet machine, else "not judged: load …" (``_judge.py``). Held also
means exit 1 or 2, one problem per bad thing, no traceback.

    python tests/benchmarks/hostile_bundle.py [--size-mb 4] [--kinds members,manifest,...]
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # why: run from a checkout, installed or not
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

from rrdesk import cli  # noqa: E402
from rrdesk.core import survey as surveys  # noqa: E402
from rrdesk.core.fileio import OsOps  # noqa: E402
from rrdesk.store import age, bundle, keys
from rrdesk.store import log as logs
from rrdesk.store.log import _frames

DEMO = ROOT / "resources" / "surveys" / "demo.toml"
KEY = ROOT / "resources" / "demo-identity.txt"
TARGET = 2.0  # seconds per command on a 4 MB hostile bundle (issue #12)
KINDS = ("members", "manifest", "declared", "pax", "frames", "records", "forged")


def rrdesk(*argv: object) -> tuple[int, str, str, float]:
    """The command line in this process: (exit code, stdout, stderr, wall seconds); an
    ``aggregate`` counts the simulated interviews (tests/test_hostile_bundles.py runs it too)."""
    return timed(*argv)[:4]


def timed(*argv: object) -> tuple[int, str, str, float, float]:
    """:func:`rrdesk`, and the CPU seconds the run took (this process, all its threads)."""
    if argv and argv[0] == "aggregate":
        argv = (*argv, "--include-synthetic")  # why: every bundle here is made by rrdesk simulate
    out, err = io.StringIO(), io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - start, time.process_time() - cpu


def genuine(folder: Path) -> dict[str, bytes]:
    """The members of a genuine one-interview bundle of the demo survey."""
    data, stick = folder / "data", folder / "stick"
    stick.mkdir()
    assert rrdesk("simulate", DEMO, "--data", data, "-n", 1, "--seed", 1)[0] == 0
    os.environ["RRDESK_EXPORT_SAME_DISK"] = "1"
    code, out, err, _ = rrdesk("export", "--data", data, "--survey-id", "workplace-demo", "--to", stick)
    assert code == 0, err
    plain = age.decrypt(Path(out.strip()).read_bytes(), keys.load_identities(KEY))
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar}


def entry(name: str, blob: bytes, **more) -> dict:
    return {"name": name, "size": len(blob), "sha256": hashlib.sha256(blob).hexdigest(), **more}


def seal(members: list[tuple[tarfile.TarInfo | str, bytes]], raw_tar: bytes | None = None) -> bytes:
    buffer = io.BytesIO()
    if raw_tar is None:
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
            for info, blob in members:
                if isinstance(info, str):
                    info = tarfile.TarInfo(info)
                    info.size = len(blob)
                tar.addfile(info, io.BytesIO(blob))
        raw_tar = buffer.getvalue()
    return age.encrypt(raw_tar, surveys.load(DEMO).recipients)


def with_manifest(base: dict[str, bytes], manifest: dict, extra: list[tuple[str, bytes]]) -> list:
    members = [(name, blob) for name, blob in base.items() if name != bundle.MANIFEST]
    return [(bundle.MANIFEST, json.dumps(manifest).encode())] + members + extra


def hostile(kind: str, base: dict[str, bytes], size: int) -> bytes:
    manifest = json.loads(base[bundle.MANIFEST])
    log = manifest["logs"][0]["name"]
    if kind == "members":
        extra = [(f"{bundle.TORN_DIR}{log}.torn-20261122-{n}-1", b"x") for n in range(size // 1024)]
        manifest["torn"] = [entry(name[len(bundle.TORN_DIR):], blob) for name, blob in extra]
        return seal(with_manifest(base, manifest, extra))
    if kind == "manifest":
        manifest["logs"][0]["problems"] = ["x" * 60] * (size // 64)
        return seal(with_manifest(base, manifest, []))
    if kind == "declared":
        members = with_manifest(base, manifest, [])
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
            for name, blob in members:
                info = tarfile.TarInfo(name)
                info.size = len(blob)
                tar.addfile(info, io.BytesIO(blob))
            for n in range(size // 1024):
                info = tarfile.TarInfo(f"{bundle.TORN_DIR}{log}.torn-huge-{n}")
                info.size = 8 ** 11 - 1  # declared: 8 GB, the most ustar says; the data is not there
                buffer.write(info.tobuf(tarfile.USTAR_FORMAT))
                buffer.write(b"\0" * 512)
        return seal([], buffer.getvalue())
    if kind == "pax":
        buffer = io.BytesIO()
        for n in range(size // 1024):
            info = tarfile.TarInfo(bundle.MANIFEST)
            info.pax_headers = {"comment": "x" * 16}
            head = info.tobuf(tarfile.PAX_FORMAT)
            buffer.write(head[:len(head) - 512])  # the pax header alone, then the next one
        members = with_manifest(base, manifest, [])
        rest = io.BytesIO()
        with tarfile.open(fileobj=rest, mode="w", format=tarfile.USTAR_FORMAT) as tar:
            for name, blob in members:
                info = tarfile.TarInfo(name)
                info.size = len(blob)
                tar.addfile(info, io.BytesIO(blob))
        return seal([], buffer.getvalue() + rest.getvalue())
    if kind in ("frames", "records"):
        if kind == "frames":
            blobs = [b"x"] * (size // (_frames.FRAME_OVERHEAD + 1))
        else:
            recipients = surveys.load(DEMO).recipients[:1]
            one = age.encrypt(b"", recipients)
            blobs = [one] * (size // (_frames.FRAME_OVERHEAD + len(one)))
        name = log
        header = base[name][:_frames.scan(base[name], name).frames[0].offset]
        data = header + b"".join(_chain(header, blobs))
        manifest["logs"][0] = entry(name, data, records=len(blobs), problems=[])
        replaced = dict(base)
        replaced[name] = data
        return seal(with_manifest(replaced, manifest, []))
    if kind == "forged":
        name = log
        header = _frames.scan(base[name], name).header
        one = age.encrypt(b"", surveys.load(DEMO).recipients[:1])
        folder = Path(tempfile.mkdtemp(prefix="rrdesk-forged-"))
        path, k0 = folder / name, os.urandom(32)
        with logs.LogWriter.create(path, survey_id=header.survey_id, device_id=header.device_id,
                                   log_id=header.log_id, created=header.created, first_key=k0,
                                   sealed_first_key=age.encrypt(k0, surveys.load(DEMO).recipients),
                                   ops=_NoSync()) as writer:
            for _ in range(size // (_frames.FRAME_OVERHEAD + len(one))):
                writer.append(one)
        replaced = dict(base)
        replaced[name], replaced[name + ".key"] = path.read_bytes(), logs.key_path(path).read_bytes()
        shutil.rmtree(folder)
        manifest["logs"][0] = entry(name, replaced[name], records=len(_frames.scan(replaced[name], name).frames),
                                    problems=[])
        manifest["keys"] = [entry(name + ".key", replaced[name + ".key"])]
        return seal(with_manifest(replaced, manifest, []))
    raise ValueError(kind)


class _NoSync(OsOps):
    """The forger's log written fast: no fsync (durability is not what is measured here)."""

    def fsync(self, fd: int) -> None:
        pass

    def fsync_dir(self, path) -> None:
        pass


def _chain(header: bytes, blobs):
    """Frames over ``blobs`` chained from ``header`` as the log writer chains them (the tags
    under a made-up key: they fail, one problem each, as a forger's would)."""
    prev = _frames.scan(header, "header").header.check
    for seq, blob in enumerate(blobs):
        frame = _frames.encode_frame(seq, blob, prev, b"k" * 32)
        prev = frame[-_frames.DIGEST_SIZE:]
        yield frame


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size-mb", type=float, default=4.0)
    p.add_argument("--kinds", default=",".join(KINDS))
    args = p.parse_args(argv)
    size = int(args.size_mb * (1 << 20))
    folder = Path(tempfile.mkdtemp(prefix="rrdesk-hostile-bench-"))
    worst = worst_wall = 0.0
    why_not = _judge.busy()
    try:
        base = genuine(folder)
        print(f"hostile bundles of {args.size_mb:g} MB, target < {TARGET:g} s per command (CPU; wall when quiet); "
              f"{_judge.load_note(why_not)}")
        for kind in args.kinds.split(","):
            path = folder / f"{kind}.tar.age"
            path.write_bytes(hostile(kind, base, size))
            for command in (("verify", path, "-i", KEY), ("aggregate", path, "-i", KEY, "--workers", 1)):
                code, out, err, wall, took = timed(*command)
                worst, worst_wall = max(worst, took), max(worst_wall, wall)
                said = (err.strip().splitlines() or out.strip().splitlines()[-1:] or [""])[0][:100]
                print(f"  {kind:<9} {command[0]:<9} {path.stat().st_size / (1 << 20):5.2f} MB  exit {code}  "
                      f"CPU {took:5.2f} s  wall {wall:5.2f} s  {'ok' if took < TARGET else 'SLOW'}  {said}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    why_not = _judge.still_quiet(why_not)
    print(f"worst CPU {worst:.2f} s (target {TARGET:g} s): {_judge.verdict(worst < TARGET)}; "
          f"worst wall {worst_wall:.2f} s: {_judge.verdict(worst_wall < TARGET, why_not)}")
    return 0 if worst < TARGET and (why_not is not None or worst_wall < TARGET) else 1


if __name__ == "__main__":
    sys.exit(main())
