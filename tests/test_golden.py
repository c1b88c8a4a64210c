"""Golden outputs: the exact bytes every contract prints, pinned on fixed seeds.

`check --json`, `verify --json` (a data folder with a damaged record, and a bundle),
`aggregate --json --by` (its `fieldwork` object pinned apart, in `fieldwork.json`), and the
files `estimates.csv`, `answers.csv`, `codebook.md` and `fieldwork.csv` of `aggregate --out`. Two laptops are simulated with fixed seeds, one of them with a
damaged record, so the problems (and where they are) are pinned too.

Only what is random by design is replaced before comparing: the laptops' device ids and
log ids (fresh from the OS CSPRNG), the temporary folder, the checkout's folder, and the export's time stamp in
a bundle's name. Everything else must stay byte-identical. To re-pin after an intended
change of a contract: ``RRDESK_GOLDEN_UPDATE=1 python -m pytest tests/test_golden.py``,
and say why in the commit.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import os
import re
from pathlib import Path

import pytest

from rrdesk import cli
from rrdesk.app import enrollment
from rrdesk.store.laptop import laptop_key
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
GOLDEN = Path(__file__).with_name("golden")
_HEX_ID = re.compile(r"[0-9a-f]{32}")
_STAMP = re.compile(r"_[0-9a-f]{8}_[0-9]{8}T[0-9]{6}Z")
_TIME = re.compile(r"T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")


def _run(*argv: object) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    assert code in (0, 1), err.getvalue()
    return code, out.getvalue()


class _Normalizer:
    """Replaces the random ids, in order of first appearance, the temporary folder, the
    checkout's own folder (a survey's path) and the days the simulation ran (answers.csv's day)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp, self.ids = str(tmp), {}
        self.days = {(dt.date.today() - dt.timedelta(days=n)).isoformat() for n in (0, 1)}  # a run over midnight

    def __call__(self, text: str) -> str:
        text = text.replace(self.tmp, "<TMP>").replace(str(ROOT), "<ROOT>")
        for day in self.days:
            text = text.replace(day, "<DAY>")
        text = _HEX_ID.sub(lambda m: self.ids.setdefault(m[0], f"<ID{len(self.ids) + 1}>"), text)
        return _STAMP.sub("_<STAMP>", text)

    def laptops(self, text: str) -> str:
        """The fieldwork's export times (the clock's, as the bundle's name has them)."""
        return _TIME.sub("T<TIME>Z", text)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("golden")
    laptop_a, laptop_b, stick, report = tmp / "laptop-a", tmp / "laptop-b", tmp / "stick", tmp / "report"
    stick.mkdir()
    _run("simulate", DEMO, "--data", laptop_a, "-n", 40, "--seed", 11)
    _run("simulate", DEMO, "--data", laptop_b, "-n", 25, "--seed", 12, "--truth", "unhappy=0.3",
         "--truth", "bullied=never:0.5,once:0.3,several:0.2")
    log_b = next((laptop_b / "workplace-demo").glob("*.rrlog"))
    damaged = bytearray(log_b.read_bytes())
    damaged[-200] ^= 0x01  # inside the last record
    log_b.write_bytes(bytes(damaged))
    bundles = []
    for laptop in (laptop_a, laptop_b):
        _, out = _run("export", "--data", laptop, "--survey-id", "workplace-demo", "--to", stick)
        bundles.append(out.strip())
    norm = _Normalizer(tmp)
    found = {}
    found["check.json"] = _run("check", DEMO, "--json")[1]
    found["verify-folder.json"] = _run("verify", laptop_b, "--json")[1]
    found["verify-bundle.json"] = _run("verify", bundles[0], "-i", KEY, "--json")[1]
    named = tmp / "named.laptops"  # why: the fieldwork names laptops as enrolled (random ids would reorder it)
    listed = enrollment.Laptops.load(named)
    for laptop in (laptop_a, laptop_b):
        device = (laptop / "device-id").read_text(encoding="ascii").strip()
        listed.add(enrollment.Laptop(device, laptop_key(laptop).public()), dt.date(2026, 1, 1), laptop.name)
    listed.save()
    aggregated = json.loads(_run("aggregate", *bundles, "-i", KEY, "--by", "department", "--json",
                                 "--workers", 1, "--out", report, "--include-synthetic", "--laptops", named)[1])
    # why apart: the fieldwork object is pinned in a file of its own, so a change of it re-pins only it
    fieldwork = aggregated.pop("fieldwork")
    # why apart: the ledger lies beside the identity (outside the run's folder) and keeps earlier runs
    ledger = aggregated.pop("ledger")
    assert ledger["saved"] and ledger["bundles_compared"] + ledger["bundles_seen_before"] == 2, ledger
    found["aggregate.json"] = json.dumps(aggregated, indent=2) + "\n"  # as the command prints it
    found["fieldwork.json"] = json.dumps(fieldwork, indent=2) + "\n"
    for name in ("estimates.csv", "answers.csv", "codebook.md", "fieldwork.csv"):
        found[name] = (report / name).read_bytes().decode("utf-8")
    normalized = {name: norm(text) for name, text in found.items()}
    for name in ("fieldwork.json", "fieldwork.csv"):
        normalized[name] = norm.laptops(normalized[name])
    return normalized


@pytest.mark.parametrize("name", ["check.json", "verify-folder.json", "verify-bundle.json", "aggregate.json",
                                  "estimates.csv", "answers.csv", "codebook.md", "fieldwork.json", "fieldwork.csv"])
def test_the_output_is_byte_identical_to_the_pinned_one(outputs, name):
    pinned = GOLDEN / name
    if os.environ.get("RRDESK_GOLDEN_UPDATE"):
        GOLDEN.mkdir(exist_ok=True)
        pinned.write_bytes(outputs[name].encode("utf-8"))
    assert outputs[name] == pinned.read_bytes().decode("utf-8")
