"""The layering rule of docs/ARCHITECTURE.md: gui | cli > app > store > core; core and store never
import Qt, the GUI or the CLI."""
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
    assert "Contracts: 4 kept, 0 broken" in result.stdout


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "rrdesk", tmp_path / "rrdesk", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path / "rrdesk"


def test_the_contract_catches_qt_in_core(tmp_path):
    (_copy(tmp_path) / "core" / "leak.py").write_text("from PySide6 import QtCore\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "rrdesk.core.leak -> PySide6" in result.stdout


def test_the_layers_contract_catches_the_store_reaching_up_into_a_use_case(tmp_path):
    (_copy(tmp_path) / "store" / "upward.py").write_text("from rrdesk.app import interviews\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "layers: the front-ends over the use cases over the store over the core BROKEN" in result.stdout
    assert "rrdesk.store.upward -> rrdesk.app.interviews" in result.stdout


def test_the_layers_contract_keeps_the_two_front_ends_apart(tmp_path):
    (_copy(tmp_path) / "gui" / "sideways.py").write_text("from rrdesk.cli import check\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "rrdesk.gui.sideways -> rrdesk.cli.check" in result.stdout


def test_the_private_modules_contract_catches_a_reach_into_another_package(tmp_path):
    # a use case importing the log's frame codec directly, not through rrdesk.store.log
    (_copy(tmp_path) / "app" / "reach.py").write_text("from rrdesk.store.log import _frames\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "a package's private modules are its own: others go through its public face BROKEN" in result.stdout
    assert "rrdesk.app.reach -> rrdesk.store.log._frames" in result.stdout


def test_a_package_may_use_its_own_private_modules(tmp_path):
    (_copy(tmp_path) / "store" / "log" / "inside.py").write_text("from rrdesk.store.log import _frames\n")
    result = _lint(tmp_path)
    assert result.returncode == 0, result.stdout
