"""Nesting bounded before a parser recurses (rrdesk/core/nesting.py): a hostile survey, ledger,
manifest or record nested deep is one located line, never "internal error (RecursionError)",
and a survey's dotted key of thousands of parts never costs gigabytes (tomllib's keys grow
with the square of their parts)."""
from __future__ import annotations

import io
import json
import tarfile

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError
from rrdesk.core.nesting import MAX_DEPTH, too_deep
from rrdesk.store import age, bundle, keys
from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
DEEP = 100_000


def one_line(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("rrdesk: error: "), (code, out, err)
    assert "Traceback" not in err and "internal error" not in err
    return err


# -- the scan --------------------------------------------------------------------------------


def test_json_depth_is_counted_outside_strings_up_to_the_limit():
    within = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert too_deep(within) is None and too_deep(within.encode()) is None
    assert too_deep('{"a": "' + "[" * 100 + '\\"[[", "b": []}') is None  # brackets in strings are text
    assert too_deep("[]" * 1000 + "[" * 5) is None  # deep only in total, never at once
    where, what = too_deep('{"logs": [\n' + "[" * MAX_DEPTH)
    assert where == "line 2" and f"more than {MAX_DEPTH} deep" in what


def test_toml_depth_counts_brackets_and_the_parts_of_a_dotted_key():
    assert too_deep('a = "' + "[" * 50 + '"  # ' + "{" * 50 + "\nb = '''\n" + "[" * 50 + "'''\n", toml=True) is None
    assert too_deep("x = 1.5\ny = 1979-05-27T07:32:00.999\n[[question]]\ntext.en = 'a.b.c'", toml=True) is None
    assert too_deep(".".join("k" * MAX_DEPTH) + " = 1", toml=True) is None
    assert too_deep('[a."b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s"]', toml=True) is None  # one quoted part
    assert too_deep("x = 1\n" + ".".join("k" * (MAX_DEPTH + 1)) + " = 1", toml=True) == (
        "line 2, column 1", f"a dotted key of more than {MAX_DEPTH} parts (no survey file needs more than a few)")
    where, what = too_deep("a = 1\nb = " + "{c = " * (MAX_DEPTH + 1), toml=True)
    assert where == f"line 2, column {5 + 5 * MAX_DEPTH}" and "nested more than" in what


# -- each loader -------------------------------------------------------------------------------


@pytest.mark.parametrize("tail, what", [
    ("nested = " + "[" * DEEP + "]" * DEEP, "arrays and tables nested more than 16 deep"),
    ("nested." + ".".join(["k"] * 200) + " = 1", "a dotted key of more than 16 parts"),
])
def test_check_refuses_a_survey_nested_too_deep_in_one_located_line(tmp_path, tail, what):
    text = DEMO.read_text(encoding="utf-8").replace("[survey]\n", f"{tail}\n[survey]\n", 1)
    line = text[:text.index(tail)].count("\n") + 1
    path = tmp_path / "deep.toml"
    path.write_text(text, encoding="utf-8")
    err = one_line(*rrdesk("check", path))
    assert err.startswith(f"rrdesk: error: {path}: line {line}, column ") and f"not valid TOML: {what}" in err
    with pytest.raises(SurveyError, match="more than 16"):
        surveys.loads(text)


def test_a_ledger_nested_deep_is_one_located_line(tmp_path):
    deep = tmp_path / "deep.ledger"
    deep.write_text('{"format": "rrdesk-ledger/1",\n "logs": ' + "[" * DEEP)
    err = one_line(*rrdesk("aggregate", tmp_path / "none.tar.age", "-i", KEY, "--ledger", deep))
    assert err.startswith(f"rrdesk: error: {deep}: line 2: ledger damaged: arrays and objects nested more than "
                          "16 deep (no rrdesk file needs more than a few); no bundle was judged against it")


def test_a_bundle_whose_manifest_is_nested_deep_is_named_and_the_others_used(tmp_path):
    simulate(tmp_path / "data", 2, 3)
    genuine = export(tmp_path / "data", tmp_path / "stick")
    plain = age.decrypt(genuine.read_bytes(), keys.load_identities(KEY))
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar}  # type: ignore[union-attr]
    members[bundle.MANIFEST] = b'{"format": ' + b"[" * DEEP
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, blob in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))
    hostile = tmp_path / "hostile.tar.age"
    hostile.write_bytes(age.encrypt(buffer.getvalue(), surveys.load(DEMO).recipients))
    code, out, err = rrdesk("aggregate", genuine, hostile, "-i", KEY, "--json", "--accept-unverified")
    assert code == 1 and "Traceback" not in err, err
    problems = [p for p in json.loads(out)["problems"] if p["file"].startswith(str(hostile))]
    assert [p["what"] for p in problems] == ["manifest, line 1: arrays and objects nested more than 16 deep "
                                             "(no rrdesk file needs more than a few)"], problems


def test_a_translators_sheet_naming_a_text_with_many_dots_is_one_line(tmp_path):
    """The sheet's names become TOML keys: one of 20,000 parts took tomllib gigabytes."""
    sheet = tmp_path / "filled.csv"
    sheet.write_text("name,where,english,translation\n" + ".".join(["a"] * 20_000) + ",x,y,z\n", encoding="utf-8")
    err = one_line(*rrdesk("translate", "sw", "--from", sheet, "-o", tmp_path / "out.toml"))
    assert err.startswith(f"rrdesk: error: {sheet}: line 2: 'a.a.a.") and err.endswith(" is not a text name\n")
