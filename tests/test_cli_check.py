"""`rrdesk check`: a coordinator checks a survey's privacy and precision before the field."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rrdesk import __version__, cli
from rrdesk.core import design, survey


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_demo_survey_checks_clean_with_a_table(capsys, demo_path):
    code, out, err = _run(capsys, "check", str(demo_path))
    assert code == 0 and err == ""
    s = survey.load(demo_path)
    for q in s.questions:
        assert q.id in out
    assert "answer truthfully" in out and "say YES" in out
    assert f"ε per respondent: {s.epsilon_per_respondent:.6f}" in out


def test_json_follows_the_contract(capsys, demo_path):
    code, out, _ = _run(capsys, "check", str(demo_path), "--json")
    assert code == 0
    report = json.loads(out)
    s = survey.load(demo_path)
    assert [q["id"] for q in report["questions"]] == [q.id for q in s.questions]
    for q, entry in zip(s.questions, report["questions"]):
        assert entry["design"] == q.kind
        assert {"id", "design", "epsilon", "sectors", "margin95"} <= entry.keys()
        if q.design is None:
            assert entry["epsilon"] is None and entry["sectors"] == []
        else:
            assert entry["epsilon"] == q.design.epsilon
            assert [x["probability"] for x in entry["sectors"]] == [sec.weight / 2**32 for sec in q.design.sectors]
            assert math.fsum(x["probability"] for x in entry["sectors"]) == pytest.approx(1, abs=1e-12)
    assert report["epsilon_per_respondent"] == math.fsum(q.design.epsilon for q in s.randomized)
    assert report["epsilon_per_respondent"] <= report["max_epsilon"]


def test_margin_at_the_planned_n_worked_by_hand(capsys, tmp_path):
    # two-coin forced response, n = 400, prevalence .5: λ = .25 + .5·.5 = .5,
    # Var = λ(1-λ) / (n b²) = .25 / (400 · .25) = .0025, margin = 1.96 · .05 = .098
    path = tmp_path / "coins.toml"
    path.write_text(f'''
[survey]
id = "coins"
title = "Coins"
languages = ["en"]
recipients = ["{_demo_recipient()}"]
max_epsilon = 2
planned_respondents = 400

[[question]]
id = "q"
design = "forced"
truth = 0.5
yes = 0.25
no = 0.25
text.en = "Q?"

[[question]]
id = "region"
design = "direct"
choices = ["north", "south"]
text.en = "Region"
''', encoding="utf-8")
    code, out, _ = _run(capsys, "check", str(path), "--json")
    report = json.loads(out)
    q, region = report["questions"]
    assert q["epsilon"] == math.log(3)
    assert q["margin95"] == pytest.approx(1.959963984540054 * 0.05, rel=1e-12)
    assert region["margin95"] == pytest.approx(1.959963984540054 * math.sqrt(0.25 / 400), rel=1e-12)
    assert [s["instruction"] for s in q["sectors"]] == ["truth", "yes", "no"]


def _demo_recipient() -> str:
    return survey.load(Path(__file__).resolve().parents[1] / "resources/surveys/demo.toml").recipients[0]


def test_a_bad_survey_is_one_line_and_exit_2(capsys, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[survey]\nid = 'Bad Id'\n", encoding="utf-8")
    code, out, err = _run(capsys, "check", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"rrdesk: error: {path}: ")
    assert err.count("\n") == 1


def test_a_missing_file_is_one_line_and_exit_2(capsys, tmp_path):
    code, _, err = _run(capsys, "check", str(tmp_path / "nowhere.toml"))
    assert code == 2 and err.startswith("rrdesk: error: ") and err.count("\n") == 1


def test_usage_errors_are_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["check"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("rrdesk: error: ") and err.count("\n") == 1


def test_the_installed_command_never_shows_a_traceback(tmp_path):
    rrdesk = shutil.which("rrdesk", path=str(Path(sys.executable).parent))
    assert rrdesk, "the rrdesk console script is installed with the package"
    path = tmp_path / "broken.toml"
    path.write_bytes(b"[survey\n\xff\xfe")
    result = subprocess.run([rrdesk, "check", str(path)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("rrdesk: error: ") and result.stderr.count("\n") == 1
    version = subprocess.run([rrdesk, "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == f"rrdesk {__version__}"


def test_a_design_made_in_python_matches_what_check_prints(capsys, demo_path):
    _, out, _ = _run(capsys, "check", str(demo_path), "--json")
    unhappy = next(q for q in json.loads(out)["questions"] if q["id"] == "unhappy")
    assert unhappy["epsilon"] == design.forced(epsilon=math.log(3)).epsilon


def test_the_command_line_loads_only_what_the_command_needs():
    """``rrdesk --version`` and the parser load no use case, no numpy, no cryptography, no Qt;
    ``rrdesk check`` loads its own use case and nothing of the other commands."""
    import ast
    import subprocess
    import sys

    probe = ("import sys; from rrdesk import cli\n"
             "try: cli.main(sys.argv[1:])\n"
             "except SystemExit: pass\n"
             "heavy = ('numpy', 'cryptography', 'PySide6', 'rrdesk.app.', 'rrdesk.store', 'rrdesk.gui')\n"
             "print(sorted({m if m.startswith('rrdesk') else m.split('.')[0] for m in sys.modules"
             " if m.startswith(heavy)}))")

    def loaded(*argv: str) -> str:
        done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
        return done.stdout.strip().splitlines()[-1]

    assert loaded("--version") == "[]"
    assert loaded("check", "--help") == "[]"
    from tests.conftest import DEMO

    checking = set(ast.literal_eval(loaded("check", str(DEMO))))
    assert "rrdesk.app.check" in checking  # and what checking needs (the survey's signature), but no other command's
    assert not checking & {"PySide6", "rrdesk.app.aggregate", "rrdesk.app.interviews", "rrdesk.store.collect._collect",
                           "rrdesk.store.bundle._export", "rrdesk.app.xlsform", "rrdesk.app.translate"}
