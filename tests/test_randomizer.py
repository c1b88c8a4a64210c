"""The randomizer: boundaries, exact frequencies, a fixed number of bytes, the spin."""
from __future__ import annotations

import inspect

import numpy as np
import pytest
from scipy import stats

from rrdesk.core import design, randomizer
from rrdesk.core.design import WHEEL
from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import DesignError
from tests.conftest import SeededSource, WordSource

COINS = design.forced(truth=0.5, yes=0.25, no=0.25)  # TRUTH [0, 2^31), YES [2^31, 3·2^30), NO [3·2^30, 2^32)

DESIGNS = [
    COINS,
    design.forced(epsilon=2.0),
    design.warner(p=0.7),
    design.unrelated(p=0.6, prevalence=0.25),
    design.kary(4, epsilon=1.5),
]


def _bounds(d: design.Design) -> list[int]:
    return list(np.cumsum([s.weight for s in d.sectors])[:-1])


@pytest.mark.parametrize("u, truth, expected", [
    (0, 0, 0), (0, 1, 1),                          # first value of TRUTH
    (2**31 - 1, 0, 0), (2**31 - 1, 1, 1),          # threshold - 1: still TRUTH
    (2**31, 0, 1), (2**31, 1, 1),                  # threshold: YES
    (3 * 2**30 - 1, 0, 1),                         # last value of YES
    (3 * 2**30, 1, 0), (3 * 2**30, 0, 0),          # NO
    (2**32 - 1, 1, 0),                             # the last value of the wheel
])
def test_boundary_draws_land_in_the_right_sector(u, truth, expected):
    assert randomizer.respond(COINS, truth, WordSource([u])) == expected


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: d.kind)
def test_every_threshold_splits_neighbouring_sectors(d):
    for i, bound in enumerate(_bounds(d), start=1):
        words = [bound - 1, 0, bound, 0] if d.kind != "unrelated" else [bound - 1, 0, 0, bound, 0, 0]
        source = WordSource(words)
        before = randomizer.spin(d, None, source)
        after = randomizer.spin(d, None, source)
        assert (before.sector, after.sector) == (i - 1, i)


def test_warner_boundary_flips_the_answer():
    d = design.warner(p=0.75)  # statement [0, 3·2^30), negation after
    edge = 3 * 2**30
    assert randomizer.respond(d, 1, WordSource([edge - 1])) == 1
    assert randomizer.respond(d, 1, WordSource([edge])) == 0
    assert randomizer.respond(d, 0, WordSource([edge])) == 1


@pytest.mark.parametrize("d", [COINS, design.warner(p=0.75), design.kary(3, truth=0.25)], ids=lambda d: d.kind)
def test_enumerated_source_gives_exact_frequencies(d):
    # weights are multiples of 2^24, so 256 evenly spaced draws hit each sector exactly weight/2^24 times
    assert all(s.weight % 2**24 == 0 for s in d.sectors)
    draws = (np.arange(256, dtype=np.uint64) << 24).astype(np.uint32)
    for truth in range(d.categories):
        answers = randomizer.respond_many(d, np.full(256, truth), WordSource(draws))
        counts = np.bincount(answers, minlength=d.categories)
        assert counts.tolist() == [int(x * 256) for x in d.exact_matrix[truth]]


def test_enumerated_source_gives_exact_frequencies_for_the_unrelated_question():
    d = design.unrelated(p=0.5, prevalence=0.25)
    grid = (np.arange(16, dtype=np.uint64) << 28).astype(np.uint32)
    sector_words, other_words = np.repeat(grid, 16), np.tile(grid, 16)  # every pair once
    for truth in (0, 1):
        answers = randomizer.respond_many(d, np.full(256, truth), WordSource(np.concatenate([sector_words, other_words])))
        assert np.bincount(answers, minlength=2).tolist() == [int(x * 256) for x in d.exact_matrix[truth]]


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: d.kind)
def test_respond_draws_the_same_number_of_bytes_for_every_truth_and_sector(d):
    for truth in range(d.categories):
        for start in [0] + _bounds(d):
            source = WordSource([start, start])
            randomizer.respond(d, truth, source)
            assert source.requests == [d.draw_bytes]
            source = WordSource([start, start, 7])
            randomizer.spin(d, truth, source)
            assert source.requests == [d.draw_bytes + 4]


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: d.kind)
def test_respond_many_matches_respond_on_the_same_draws(d):
    source = SeededSource(7)
    n = 500
    truths = np.arange(n) % d.categories
    data = source(n * d.draw_bytes)
    many = randomizer.respond_many(d, truths, lambda k: data[:k])
    one_by_one = []
    for i, t in enumerate(truths):
        word = data[4 * i:4 * i + 4] + (data[4 * (n + i):4 * (n + i) + 4] if d.kind == "unrelated" else b"")
        one_by_one.append(randomizer.respond(d, int(t), lambda k, w=word: w))
    assert many.tolist() == one_by_one


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: d.kind)
def test_spin_answer_is_what_respond_records(d):
    source = SeededSource(11)
    for _ in range(200):
        data = source(d.draw_bytes + 4)
        truth = int(data[-1]) % d.categories
        s = randomizer.spin(d, truth, lambda k: data)
        assert s.answer == randomizer.respond(d, truth, lambda k: data[:d.draw_bytes])


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: d.kind)
def test_settle_of_a_draw_is_the_spin_of_the_same_bytes(d):
    # the station draws between answers and settles on the wait (what the draw keeps for it)
    source = SeededSource(12)
    for _ in range(100):
        data = source(d.draw_bytes + 4)
        drawn = randomizer.draw(d, lambda k: data)
        for truth in (None, *range(d.categories)):
            settled, spun = randomizer.settle(drawn, truth), randomizer.spin(d, truth, lambda k: data)
            assert (settled.sector, settled.position) == (spun.sector, spun.position)
            if truth is None:
                assert settled.answer is None and spun.answer is None
            else:
                assert settled.answer.dtype == spun.answer.dtype and settled.answer.tolist() == spun.answer.tolist()
        for bad in (-1, d.categories, np.int64(d.categories + 5)):
            with pytest.raises(DesignError, match="outside the design's categories"):
                randomizer.settle(drawn, bad)


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: d.kind)
def test_spin_stops_inside_its_sector(d):
    starts = [0] + _bounds(d)
    ends = _bounds(d) + [WHEEL]
    for sector, (lo, hi) in enumerate(zip(starts, ends)):
        for v in (0, 1, 2**31, 2**32 - 1):
            words = [lo, v] if d.kind != "unrelated" else [lo, 0, v]
            s = randomizer.spin(d, None, WordSource(words))
            assert s.sector == sector and s.answer is None
            assert lo / WHEEL <= s.position < hi / WHEEL


def test_stopping_point_is_uniform_inside_the_sector():
    d = design.forced(epsilon=1.0)
    source = SeededSource(2026)
    positions = {i: [] for i in range(len(d.sectors))}
    starts = [0] + _bounds(d)
    for _ in range(6000):
        s = randomizer.spin(d, 1, source)
        w = d.sectors[s.sector].weight
        positions[s.sector].append((s.position * WHEEL - starts[s.sector]) / w)
    for sector, xs in positions.items():
        assert len(xs) > 500
        assert stats.kstest(xs, "uniform").pvalue > 1e-4


def test_recorded_answers_follow_the_matrix():
    d = design.kary(4, epsilon=1.2)
    n = 200_000
    for truth in range(4):
        answers = randomizer.respond_many(d, np.full(n, truth), SeededSource(truth))
        observed = np.bincount(answers, minlength=4)
        chi2 = stats.chisquare(observed, d.matrix[truth] * n)
        assert chi2.pvalue > 1e-4


def test_a_source_that_returns_too_few_bytes_is_refused():
    with pytest.raises(DesignError, match="wrong number of bytes"):
        randomizer.respond(COINS, 1, lambda n: b"\x00")


def test_a_truth_outside_the_categories_is_refused():
    with pytest.raises(DesignError, match="outside"):
        randomizer.respond(COINS, 2, WordSource([0]))


def test_a_spin_never_shows_its_sector_in_a_repr():
    s = randomizer.spin(COINS, 1, WordSource([2**31, 5]))
    assert repr(s) == str(s) == "Spin(<hidden>)"


def test_the_default_source_is_the_operating_system_csprng():
    for function in (randomizer.respond, randomizer.respond_many, randomizer.spin):
        assert inspect.signature(function).parameters["source"].default is system_bytes  # os.urandom, or one line
