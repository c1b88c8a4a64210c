"""Time and memory of ``rrdesk export`` against ``tar | age | dd conv=fsync`` on the same folder.

What is measured
----------------
A data folder of about ``--mb`` MB (default 500; one laptop's log of the demo survey, made by
``_fixtures.py`` and cached under /tmp) is exported to a folder on the same disk, alternately:

* *rrdesk*: ``rrdesk.store.bundle._export.export`` in a fresh process (snapshot, stream the tar
  through the age sealer to ``.part``, fsync, read back from the disk and compare, rename,
  fsync the folder, check where it landed); its peak RSS is ``VmHWM`` of that process.
* *shell*: ``tar -cf - -C FOLDER . | age -r RECIPIENT | dd of=OUT bs=1M conv=fsync`` -- the
  same bytes sealed by the reference age tool and flushed, with no read-back or checks.

``--rounds`` rounds (default 3; 1 with ``--short``), the order swapped each round; medians.
Targets: rrdesk's time <= 1.5 x the shell's, its peak RSS <= 100 MB. Both sides' CPU time
(user + system, rrdesk's helper process included) is printed beside the wall time: on a shared
machine it moves less than the wall time does.

Where rrdesk's time goes (500 MB, 2 cores)
-------------------------------------------
The shell does one thing per byte: age seals it (Go, ~0.3 s CPU) and dd copies it into the page
cache. rrdesk also, per byte, hashes it (SHA-256 for the manifest, ~0.33 s on a thread), scans
it (a SHA-256 per record for its check, in Python: ~0.6 s CPU in the helper process, with ~0.1 s
to start it), sums what it writes (CRC-32 per MiB, to compare with the read-back) and, after the
fsync, reads the whole bundle back from the device (``O_DIRECT``: ~0.4 s here, little CPU). The
read-back cannot overlap the writing without missing the sticks it is there for (FORMAT.md §2.5
step 5), so the time is at least (the CPU of the writing phase) / 2 + the read-back: about
1.7 s / 2 + 0.4 s, against about 1.0 s for the shell on a quiet machine.

Two things took the writing phase from ~2.3 s of CPU to ~1.7 s: glibc's allocator no longer
maps and unmaps each 1 MiB piece (``rrdesk.core.heap``: ~170,000 page faults fewer), and the
helper's read is compared with this process's on the log's last frame's worth, not summed
whole twice (FORMAT.md §2.5 step 4).

Usage
-----
``python tests/benchmarks/export.py`` (full: 500 MB), ``--short`` (60 MB, one round).
Exit 0 when both targets are met.
"""
from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

TIME_TARGET, MEMORY_TARGET_MB = 1.5, 100
_RECORD_BYTES = 824  # a frame of the demo survey's records: to size the folder


def _hwm_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu(who: int) -> float:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


def stage(folder: str, dest: str) -> dict:
    from rrdesk.store import bundle

    start, cpu = time.perf_counter(), _cpu(resource.RUSAGE_SELF)
    path = bundle.export(Path(folder), "workplace-demo", Path(dest), same_disk=True)
    seconds = time.perf_counter() - start
    cpu = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN) - cpu  # the helper process's too
    return {"seconds": seconds, "cpu": cpu, "bytes": path.stat().st_size, "peak_mb": _hwm_mb()}


def shell(folder: Path, out: Path, recipient: str) -> tuple[float, float]:
    start, cpu = time.perf_counter(), _cpu(resource.RUSAGE_CHILDREN)
    subprocess.run(f"tar -cf - -C '{folder}' . | age -r {recipient} | dd of='{out}' bs=1M conv=fsync status=none",
                   shell=True, check=True)
    return time.perf_counter() - start, _cpu(resource.RUSAGE_CHILDREN) - cpu


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--short", action="store_true")
    p.add_argument("--mb", type=int)
    p.add_argument("--rounds", type=int)
    p.add_argument("--stage", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.stage:
        print(json.dumps(stage(*args.stage)))
        return 0
    if not shutil.which("age"):
        print("the age tool is not installed (apt-get install age): no baseline to compare with")
        return 1
    import _fixtures  # why here: a stage's helper process imports this script again; it needs no fixtures

    mb = args.mb or (60 if args.short else 500)
    rounds = args.rounds or (1 if args.short else 3)
    folder = _fixtures.data_folder(mb * 2**20 // _RECORD_BYTES, 7)
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    from rrdesk.core import survey as surveys
    recipient = surveys.load(folder / "workplace-demo" / "survey.toml").recipients[0]
    out = _fixtures.CACHE / "export-out"
    ours, theirs, peaks, our_cpu, their_cpu = [], [], [], [], []
    for r in range(rounds):
        for who in (("rrdesk", "shell") if r % 2 == 0 else ("shell", "rrdesk")):
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            if who == "shell":
                seconds, cpu = shell(folder, out / "shell.tar.age", recipient)
                theirs.append(seconds)
                their_cpu.append(cpu)
                continue
            done = subprocess.run([sys.executable, __file__, "--stage", str(folder), str(out)],
                                  check=True, capture_output=True, text=True)
            got = json.loads(done.stdout.strip().splitlines()[-1])
            ours.append(got["seconds"])
            our_cpu.append(got["cpu"])
            peaks.append(got["peak_mb"])
    shutil.rmtree(out, ignore_errors=True)
    mine, base, peak = statistics.median(ours), statistics.median(theirs), max(peaks)
    ratio = mine / base
    print(f"export benchmark ({'short' if args.short else 'full'} mode): a data folder of {size / 2**20:.0f} MiB "
          f"({_fixtures.records_in(folder):,} records), median of {rounds} round(s)")
    print(f"   tar | age | dd conv=fsync : {base:6.2f} s   (CPU {statistics.median(their_cpu):.2f} s)")
    print(f"   rrdesk export            : {mine:6.2f} s   (CPU {statistics.median(our_cpu):.2f} s) "
          f"= {ratio:.2f}x (target <= {TIME_TARGET}x)")
    print(f"   rrdesk export peak RSS   : {peak:6.1f} MB (target <= {MEMORY_TARGET_MB} MB)")
    ok = ratio <= TIME_TARGET and peak <= MEMORY_TARGET_MB
    print("all targets met" if ok else "some target NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
