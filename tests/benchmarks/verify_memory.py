"""Peak memory and time of ``rrdesk verify -i`` on one large bundle (issue 15: bounded memory).

What is measured
----------------
One bundle of about ``--mb`` MB (default 500; one laptop's log of the demo survey, made by
``_fixtures.py`` and exported by the real export, cached under /tmp) is verified with the demo
identity by the command line itself (``rrdesk verify -i KEY BUNDLE``, every record decrypted and
checked) in a fresh process; printed: its peak RSS (``VmHWM``), the bundle's size, the records
verified and the seconds taken. With ``--extract`` also ``rrdesk extract`` of the same bundle
(a file per record, into a temporary folder). Target: peak RSS <= 200 MB, as aggregate's: the
bundle is read as a stream (44 bytes a record kept, records read in batches), so memory does
not follow the bundle's size. Memory is not inflated by other processes, so the target is
judged whatever the load; the time is printed, as wall and CPU seconds, for information.

Usage
-----
``python tests/benchmarks/verify_memory.py`` (full: 500 MB, about a minute once cached),
``--short`` (60 MB). Exit 0 when the target is met.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _fixtures  # noqa: E402
import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

MEMORY_TARGET_MB = 200
_RECORD_BYTES = 824  # a frame of the demo survey's records in a log: to size the bundle
_CHILD = """import json, sys, time
from pathlib import Path
from rrdesk.cli import main
start, cpu = time.perf_counter(), time.process_time()
code = main(sys.argv[1:])
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
hwm = next(int(l.split()[1]) / 1024 for l in Path("/proc/self/status").read_text().splitlines() if l.startswith("VmHWM:"))
print(json.dumps({"code": code, "seconds": seconds, "cpu": cpu, "peak_mb": hwm}))
"""


def _run(*argv: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _CHILD, *argv], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])
    if done.returncode != 0:
        raise SystemExit(f"rrdesk {argv[0]} failed: {done.stderr.strip()[-500:]}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    got["said"] = done.stdout.strip().splitlines()[:-1]
    return got


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--short", action="store_true")
    p.add_argument("--mb", type=int)
    p.add_argument("--extract", action="store_true", help="also time rrdesk extract (a file per record)")
    args = p.parse_args()
    mb = args.mb or (60 if args.short else 500)
    bundle = _fixtures.bundle_of(_fixtures.data_folder(mb * 2**20 // _RECORD_BYTES, 7))
    size = bundle.stat().st_size / 2**20
    why_not = _judge.busy()
    got = _run("verify", "-i", str(_fixtures.KEY), "--laptops", str(_fixtures.LAPTOPS), "--json", str(bundle))
    report = json.loads("\n".join(got["said"]))
    ok = got["code"] == 0 and got["peak_mb"] <= MEMORY_TARGET_MB
    print(f"rrdesk verify -i on one bundle of {size:.0f} MiB ({report['records']:,} records, "
          f"{len(report['problems'])} problems): {got['seconds']:.1f} s wall, {got['cpu']:.1f} s CPU, "
          f"peak RSS {got['peak_mb']:.0f} MB (target <= {MEMORY_TARGET_MB} MB): {_judge.verdict(ok)}; "
          f"{_judge.load_note(why_not)}")
    if args.extract:
        out = Path(tempfile.mkdtemp(prefix="rrdesk-extract-"))
        try:
            start = time.perf_counter()
            done = _run("extract", str(bundle), "--to", str(out / "records"), "-i", str(_fixtures.KEY))
            print(f"rrdesk extract of it: {time.perf_counter() - start:.1f} s wall, {done['cpu']:.1f} s CPU, "
                  f"peak RSS {done['peak_mb']:.0f} MB")
        finally:
            shutil.rmtree(out, ignore_errors=True)
    print("target met" if ok else "target NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
