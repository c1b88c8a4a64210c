"""Shared test set-up: the offscreen Qt platform and deterministic byte sources."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "surveys" / "demo.toml"


class WordSource:
    """A byte source that hands out the given 32-bit words, little-endian, in order,
    and counts what it was asked for."""

    def __init__(self, words) -> None:
        self.data = np.asarray(words, dtype="<u4").tobytes()
        self.offset = 0
        self.requests: list[int] = []

    def __call__(self, n: int) -> bytes:
        self.requests.append(n)
        chunk = self.data[self.offset:self.offset + n]
        if len(chunk) != n:
            raise AssertionError("the test source ran out of bytes")
        self.offset += n
        return chunk


class SeededSource:
    """A deterministic pseudo-random byte source (numpy PCG64), for exact, repeatable
    statistical tests."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, n: int) -> bytes:
        return self.rng.bytes(n)


@pytest.fixture
def demo_path() -> Path:
    return DEMO
