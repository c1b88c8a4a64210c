"""One hostile file never stops a whole run (issue #16): a record, a bundle, an identity or a
log that is made to hurt the reader becomes one problem on that file (or one error line, exit
2, when it is the only input), and every genuine record beside it is still used.

The hostile inputs are real: sealed to the public demo recipient with a valid chain and tags
(anyone who has the recipient can make them), a FIFO, a symlink to /dev/zero, a bundle whose
survey copy was edited and resealed.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
import threading
import time
from pathlib import Path

import pytest

from rrdesk import cli
from rrdesk.core import survey as surveys
from rrdesk.store import age, log
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
SID = "workplace-demo"
PER = 9  # records per demo interview: the start, then spun + answer for four randomized questions
GENUINE = 6  # interviews in the genuine bundle
QUICK = 1.0  # seconds: "well under a second" for refusing a FIFO or a device


def rrdesk(*argv: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def timed(*argv: object, limit: float = 20.0) -> tuple[int, str, str, float]:
    """rrdesk in a thread that this test never waits on longer than ``limit`` (a hang fails)."""
    box: list = []
    start = time.monotonic()
    thread = threading.Thread(target=lambda: box.append(rrdesk(*argv)), daemon=True)
    thread.start()
    thread.join(limit)
    assert not thread.is_alive(), f"rrdesk {argv} still running after {limit} s"
    return (*box[0], time.monotonic() - start)


def one_line_error(code: int, out: str, err: str) -> None:
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("rrdesk: error: "), (code, out, err)
    assert "Traceback" not in err and "internal error" not in err


def simulate(data: Path, n: int, seed: int) -> None:
    code, _, err = rrdesk("simulate", DEMO, "--data", data, "-n", n, "--seed", seed)
    assert code == 0, err


def export(data: Path, to: Path) -> Path:
    to.mkdir(exist_ok=True)
    code, out, err = rrdesk("export", "--data", data, "--survey-id", SID, "--to", to)
    assert code == 0, err
    return Path(out.strip())


def aggregate_json(*bundles: object) -> tuple[int, dict | None, str]:
    code, out, err = rrdesk("aggregate", *bundles, "-i", KEY, "--json")
    return code, (json.loads(out) if out else None), err


@pytest.fixture(scope="module")
def scratch():
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base, prefix="rrdesk-hostile-") as folder:
        yield Path(folder)


@pytest.fixture(scope="module")
def genuine(scratch) -> Path:
    simulate(scratch / "genuine", GENUINE, 7)
    return export(scratch / "genuine", scratch / "stick-genuine")


@pytest.fixture(scope="module")
def nested(scratch) -> tuple[Path, Path, int]:
    """A data folder with one interview and then a record whose plaintext is 10,000 ``[``,
    appended by the real log writer (valid frame, chain and tag); its bundle; that record's seq."""
    data = scratch / "nested"
    simulate(data, 1, 8)
    (path,) = (data / SID).glob("*.rrlog")
    recipients = surveys.load(DEMO).recipients
    with log.LogWriter.open(path) as writer:
        seq = writer.append(age.encrypt(b"[" * 10_000, recipients))
    return data, export(data, scratch / "stick-nested"), seq


def test_a_deeply_nested_record_is_a_problem_on_that_record_in_verify(nested):
    data, hostile, seq = nested
    for target in (data, hostile):
        code, out, err = rrdesk("verify", "-i", KEY, target)
        assert code == 1 and err == "" and "Traceback" not in out and "internal error" not in out
        assert f"record {seq}: not an rrdesk record (not a JSON record)" in out
        assert out.endswith(f"{PER + 1} intact records in 1 file(s) (framing, sequence, chain, tags and every "
                            "record decrypted); 1 problem(s)\n")  # that record alone is named


def test_a_deeply_nested_record_beside_a_genuine_bundle_costs_only_itself(nested, genuine):
    _, hostile, seq = nested
    code, got, err = aggregate_json(genuine, hostile)
    assert code == 1 and err == ""
    assert got["records"] == (GENUINE + 1) * PER  # every genuine record, of both bundles
    assert [(p["file"].split(":")[0], p["record"]) for p in got["problems"]] == [(str(hostile), seq)]


def test_a_symlink_to_dev_zero_in_a_data_folder_is_one_problem(scratch):
    data = scratch / "zero"
    simulate(data, 2, 9)
    (data / SID / "zero.rrlog").symlink_to("/dev/zero")
    code, out, err, took = timed("verify", data)
    assert code == 1 and err == "" and took < 10 * QUICK
    assert f"{data / SID / 'zero.rrlog'}: cannot be read: not a regular file (a character device)" in out
    assert f"{2 * PER} intact records" in out
    code, out, err, _ = timed("verify", data / SID / "zero.rrlog")
    one_line_error(code, out, err)


@pytest.mark.parametrize("role", ["identity", "bundle"])
@pytest.mark.parametrize("command", ["verify", "aggregate"])
def test_a_fifo_is_refused_at_once_in_one_line(tmp_path, genuine, role, command):
    fifo = tmp_path / ("key.txt" if role == "identity" else "fifo.tar.age")
    os.mkfifo(fifo)
    identity, target = (fifo, genuine) if role == "identity" else (KEY, fifo)
    code, out, err, took = timed(command, target, "-i", identity)
    one_line_error(code, out, err)
    assert str(fifo) in err and "not a regular file (a FIFO)" in err and took < QUICK
