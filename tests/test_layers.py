"""The layering rule of DESIGN.md: core and store never import Qt, the GUI or the CLI."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def _lint(root: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(root))
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(lint), "--no-cache"], cwd=root, env=env, capture_output=True, text=True)


def test_the_import_contracts_hold():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken" in result.stdout


def test_the_contract_catches_qt_in_core(tmp_path):
    shutil.copytree(ROOT / "rrdesk", tmp_path / "rrdesk", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "rrdesk" / "core" / "leak.py").write_text("from PySide6 import QtCore\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "rrdesk.core.leak -> PySide6" in result.stdout
