"""Randomized-response designs, each compiled to a calibrated spinner.

Every design is a list of :class:`Sector` objects whose integer weights sum to
``2**32`` (:data:`WHEEL`). The randomizer draws a uniform 32-bit integer and
picks the sector whose cumulative range holds it, the GUI draws the same
sectors, and everything the coordinator relies on -- the response matrix
``P(report | truth)``, the differential-privacy ε, the truth and lying
probabilities -- is derived from the same integers, exactly.

Designs
-------
forced
    Forced response (Boruch 1971; Fox & Tracy 1986): "answer truthfully", "say
    YES" or "say NO". ``P(yes | yes) = t + y``, ``P(yes | no) = y``. With
    ``truth = 1/2, yes = no = 1/4`` this is the two-coin protocol of Dwork & Roth
    (seed 002): ε = ln((1/2 + 1/4) / (1/4)) = ln 3 exactly.
warner
    Warner's (1965) mirrored question: with probability ``p`` the respondent
    answers the statement, otherwise its negation. ``P(yes | yes) = p``,
    ``P(yes | no) = 1 - p``, ε = |ln(p / (1 - p))|. Its matrix equals that of
    forced response with ``truth = |2p - 1|`` and the remainder split evenly
    between YES and NO (for ``p > 1/2``), so the two give the same estimates;
    they differ only in what the respondent is asked to do.
unrelated
    Greenberg, Abul-Ela, Simmons & Horvitz (1969): with probability ``p`` answer
    the sensitive question, otherwise an innocuous one whose prevalence ``π`` is
    known. ``P(yes | yes) = p + (1 - p)π``, ``P(yes | no) = (1 - p)π``. The ε
    assumes nobody can know a respondent's answer to the innocuous question.
kary
    k-ary randomized response (Warner 1965, §5; Kairouz, Oh & Viswanath 2016):
    "answer truthfully" with probability ``t``, otherwise "say category j" with
    probability ``f_j``. ``P(j | i) = t[i = j] + f_j``; ε = max_j ln((t + f_j) / f_j).

ε is the local differential privacy of one recorded answer (Dwork & Roth 2014,
Def. 2.4; Erlingsson et al. 2014): the largest, over reports, of the log ratio
of ``P(report | truth)`` across truths. It is computed from the integer weights
as a ratio of integers, so the only rounding is the final logarithm.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from rrdesk.core._calibrate import (  # WHEEL: the 2**32 grid; the rest: calibration's arithmetic
    WHEEL, _check_target, _complement, _eps_or_inf, _exactly, _exp, _grid, _largest,
)
from rrdesk.core.errors import DesignError

#: Names of the randomized designs, in the order the survey file documents them.
KINDS = ("forced", "warner", "unrelated", "kary")

YES, NO = 1, 0


class Act(enum.Enum):
    """What a sector tells the respondent to do."""

    TRUTH = "truth"  # answer truthfully (Warner: answer the statement)
    OPPOSITE = "opposite"  # answer the opposite (Warner: answer the negation)
    SAY = "say"  # give a fixed answer, whatever the truth
    OTHER = "other"  # answer the unrelated question


@dataclass(frozen=True, slots=True)
class Instruction:
    """A sector's instruction; ``value`` is the answer to give for :attr:`Act.SAY`
    (``1`` = YES and ``0`` = NO for a yes/no design, else a category index)."""

    act: Act
    value: int = 0

    def code(self, choices: Sequence[str] | None = None) -> str:
        """A stable machine name: ``truth``, ``opposite``, ``other``, ``yes``,
        ``no``, or the choice id for a k-ary design."""
        if self.act is not Act.SAY:
            return self.act.value
        if choices is None:
            return "yes" if self.value == YES else "no"
        return choices[self.value]

    def label(self, choices: Sequence[str] | None = None) -> str:
        """Plain English, as the check table and the spinner show it."""
        if self.act is Act.TRUTH:
            return "answer truthfully"
        if self.act is Act.OPPOSITE:
            return "answer the opposite"
        if self.act is Act.OTHER:
            return "answer the other question"
        if choices is None:
            return "say YES" if self.value == YES else "say NO"
        return f"say {choices[self.value]!r}"


TRUTH = Instruction(Act.TRUTH)
OPPOSITE = Instruction(Act.OPPOSITE)
OTHER = Instruction(Act.OTHER)
SAY_YES = Instruction(Act.SAY, YES)
SAY_NO = Instruction(Act.SAY, NO)


@dataclass(frozen=True, slots=True)
class Sector:
    """One sector of the spinner: ``weight / 2**32`` of the wheel."""

    weight: int
    instruction: Instruction

    @property
    def probability(self) -> float:
        return self.weight / WHEEL


@dataclass(frozen=True, slots=True)
class Design:
    """A randomized-response design compiled to spinner sectors.

    Build one with :func:`forced`, :func:`warner`, :func:`unrelated` or
    :func:`kary`; the constructor only checks that the sectors are well formed.

    Parameters
    ----------
    kind : str
        One of :data:`KINDS`.
    sectors : tuple of Sector
        Weights are positive integers summing to :data:`WHEEL`.
    categories : int
        Number of possible answers (2 for yes/no, where index 1 is YES).
    prevalence : int
        For ``unrelated`` only: the known prevalence of the unrelated question,
        in units of ``2**-32``.
    """

    kind: str
    sectors: tuple[Sector, ...]
    categories: int = 2
    prevalence: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise DesignError(f"unknown design {self.kind!r}")
        if any(not isinstance(s.weight, int) or s.weight <= 0 for s in self.sectors):
            raise DesignError("every sector needs a positive integer weight")
        if sum(s.weight for s in self.sectors) != WHEEL:
            raise DesignError("sector weights must sum to 2**32")
        if not any(s.instruction.act is Act.TRUTH for s in self.sectors):
            raise DesignError("the truth probability must be above 0 (nothing could be estimated)")
        has_other = any(s.instruction.act is Act.OTHER for s in self.sectors)
        if has_other != (self.kind == "unrelated") or (has_other and not 0 < self.prevalence < WHEEL):
            raise DesignError("an unrelated-question design needs a prevalence strictly between 0 and 1")
        if math.isinf(self.epsilon):
            raise DesignError("some answer is impossible for one truth, so ε would be infinite")
        if self.epsilon == 0.0:
            raise DesignError("the recorded answer would not depend on the truth (ε = 0)")

    # -- exact quantities --------------------------------------------------------------

    @property
    def exact_matrix(self) -> tuple[tuple[Fraction, ...], ...]:
        """``P(report | truth)`` as exact fractions, indexed ``[truth][report]``."""
        k = self.categories
        pi = Fraction(self.prevalence, WHEEL)
        rows = []
        for truth in range(k):
            row = [Fraction(0)] * k
            for s in self.sectors:
                p = Fraction(s.weight, WHEEL)
                act = s.instruction.act
                if act is Act.TRUTH:
                    row[truth] += p
                elif act is Act.OPPOSITE:
                    row[1 - truth] += p
                elif act is Act.SAY:
                    row[s.instruction.value] += p
                else:  # OTHER: the unrelated question is YES with probability π
                    row[YES] += p * pi
                    row[NO] += p * (1 - pi)
            rows.append(tuple(row))
        return tuple(rows)

    @property
    def matrix(self) -> np.ndarray:
        """``P(report | truth)`` as floats, ``matrix[truth, report]``; rows sum to 1."""
        return np.array([[float(x) for x in row] for row in self.exact_matrix])

    @property
    def max_ratio(self) -> Fraction | None:
        """The largest ratio ``P(r | t) / P(r | t')``; ``None`` when it is unbounded."""
        m = self.exact_matrix
        best = Fraction(1)
        for report in range(self.categories):
            column = [m[t][report] for t in range(self.categories)]
            low, high = min(column), max(column)
            if low == 0:
                if high > 0:
                    return None
                continue
            best = max(best, high / low)
        return best

    @property
    def epsilon(self) -> float:
        """ε of one recorded answer, from the integer weights (log of an exact ratio)."""
        ratio = self.max_ratio
        if ratio is None:
            return math.inf
        return math.log(ratio.numerator) - math.log(ratio.denominator)

    @property
    def truth_probability(self) -> float:
        """Probability that the spinner says to answer the (sensitive) question truthfully."""
        return sum(s.weight for s in self.sectors if s.instruction.act is Act.TRUTH) / WHEEL

    @property
    def lying_probability(self) -> float:
        """Largest probability, over truths, that the recorded answer is not the truth."""
        m = self.exact_matrix
        return float(max(1 - m[t][t] for t in range(self.categories)))

    @property
    def posterior_bound(self) -> float:
        """Highest belief anyone can reach that a respondent has a trait, from a 50 %
        prior, after seeing the recorded answer: ``e^ε / (1 + e^ε)`` (Bayes with the
        likelihood ratio bounded by ``e^ε``; attained for yes/no designs)."""
        ratio = self.max_ratio
        return 1.0 if ratio is None else float(ratio / (1 + ratio))

    @property
    def draw_bytes(self) -> int:
        """Random bytes one answer uses: a 32-bit draw for the sector, and for the
        unrelated design one more for the simulated answer to the other question."""
        return 8 if self.kind == "unrelated" else 4


# -- constructors ------------------------------------------------------------------------


def forced(*, epsilon: float | None = None, truth: float | None = None,
           yes: float | None = None, no: float | None = None) -> Design:
    """Forced response: answer truthfully, or say YES, or say NO.

    Give a target ``epsilon`` or all three probabilities. From ε, YES and NO get
    (almost) equal weights ``q ≈ 2**32 / (e^ε + 1)``; the NO weight is then raised by
    the fewest units that bring ε to or below the target, which lands within about
    ``1e-9`` of it. Boruch (1971); Fox & Tracy (1986), ch. 3.
    """
    _exactly("forced", {"epsilon": epsilon, "truth": truth, "yes": yes, "no": no},
             [{"epsilon"}, {"truth", "yes", "no"}])
    if epsilon is None:
        weights = _grid([truth, yes, no], ["truth", "yes", "no"])  # type: ignore[list-item]
        return _forced(*weights)
    target = _check_target(epsilon)
    e = _exp(target)
    # q: the largest equal YES/NO weight whose symmetric design is not above the target
    # would be too coarse at large ε, so take the largest q whose ε is still >= target
    # and raise NO (fine steps of ~1/2**32 in the ratio) until ε <= target.
    q = min(WHEEL // 2 - 1, max(1, math.floor(WHEEL / (e + 1))))
    while q > 1 and _eps_or_inf(lambda: _forced(WHEEL - 2 * q, q, q)) < target:
        q -= 1
    while q + 1 < WHEEL // 2 and _eps_or_inf(lambda: _forced(WHEEL - 2 * (q + 1), q + 1, q + 1)) >= target:
        q += 1
    # smallest NO weight n >= q with ε <= target; ε falls as n grows
    lo, hi = q, WHEEL - q - 1
    if _eps_or_inf(lambda: _forced(WHEEL - q - hi, q, hi)) > target:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    while lo < hi:
        mid = (lo + hi) // 2
        if _eps_or_inf(lambda: _forced(WHEEL - q - mid, q, mid)) <= target:
            hi = mid
        else:
            lo = mid + 1
    return _forced(WHEEL - q - lo, q, lo)


def _forced(truth: int, yes: int, no: int) -> Design:
    sectors = [(truth, TRUTH), (yes, SAY_YES), (no, SAY_NO)]
    return Design(kind="forced", sectors=tuple(Sector(w, i) for w, i in sectors if w))


def warner(*, epsilon: float | None = None, p: float | None = None) -> Design:
    """Warner's (1965) mirrored question: answer the statement with probability ``p``,
    else its negation. From ε, ``p = e^ε / (1 + e^ε)`` rounded down onto the grid.

    With only two sectors the achievable ε are ``ln(w / (2**32 - w))``; neighbours
    are ``(1 + e^ε)**2 / (e^ε 2**32)`` apart, so a target is met to within 1e-6 for
    ε up to 8.36 and to within one such step (5.1e-6 at ε = 10) above that.
    """
    _exactly("warner", {"epsilon": epsilon, "p": p}, [{"epsilon"}, {"p"}])
    if epsilon is None:
        return _warner(_grid(_complement(p, "p"), ["p", "1 - p"])[0])
    target = _check_target(epsilon)
    lo = WHEEL // 2 + 1
    if _eps_or_inf(lambda: _warner(lo)) > target:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    return _warner(_largest(lo, WHEEL - 1, lambda w: _eps_or_inf(lambda: _warner(w)) <= target))


def _warner(statement: int) -> Design:
    sectors = [(statement, TRUTH), (WHEEL - statement, OPPOSITE)]
    return Design(kind="warner", sectors=tuple(Sector(w, i) for w, i in sectors if w))


def unrelated(*, prevalence: float, epsilon: float | None = None, p: float | None = None) -> Design:
    """Unrelated question (Greenberg et al. 1969): answer the sensitive question with
    probability ``p``, else an innocuous question with known ``prevalence``.

    From ε, ``p`` is the largest grid value whose ε is not above the target.
    """
    _exactly("unrelated", {"epsilon": epsilon, "p": p}, [{"epsilon"}, {"p"}])
    if not isinstance(prevalence, (int, float)) or isinstance(prevalence, bool) or not 0 < prevalence < 1:
        raise DesignError(f"prevalence must be a probability strictly between 0 and 1, not {prevalence!r}")
    m = _grid(_complement(prevalence, "prevalence"), ["prevalence", "1 - prevalence"])[0]
    if epsilon is None:
        return _unrelated(_grid(_complement(p, "p"), ["p", "1 - p"])[0], m)
    target = _check_target(epsilon)
    if _eps_or_inf(lambda: _unrelated(1, m)) > target:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    return _unrelated(_largest(1, WHEEL - 1, lambda w: _eps_or_inf(lambda: _unrelated(w, m)) <= target), m)


def _unrelated(sensitive: int, prevalence: int) -> Design:
    sectors = [(sensitive, TRUTH), (WHEEL - sensitive, OTHER)]
    return Design(kind="unrelated", sectors=tuple(Sector(w, i) for w, i in sectors if w),
                  prevalence=prevalence)


def kary(k: int, *, epsilon: float | None = None, truth: float | None = None) -> Design:
    """k-ary randomized response: answer truthfully with probability ``t``, else say
    category j with probability ``(1 - t) / k``. From ε, ``f ≈ 2**32 / (e^ε + k - 1)``
    per category, the last raised by the fewest units that bring ε to the target.
    Kairouz, Oh & Viswanath (2016); Wang et al. (2017), "direct encoding".
    """
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise DesignError(f"a k-ary design needs at least 2 categories, not {k!r}")
    _exactly("kary", {"epsilon": epsilon, "truth": truth}, [{"epsilon"}, {"truth"}])
    if epsilon is None:
        if not isinstance(truth, (int, float)) or isinstance(truth, bool):
            raise DesignError(f"truth must be a probability between 0 and 1, not {truth!r}")
        weights = _grid([truth] + [(1 - truth) / k] * k, ["truth"] + [f"say {j}" for j in range(k)])
        return _kary(weights[0], weights[1:])
    target = _check_target(epsilon)
    e = _exp(target)

    def design(f: int, extra: int = 0) -> Design:
        return _kary(WHEEL - k * f - extra, [f] * (k - 1) + [f + extra])

    f = max(1, min(WHEEL // k - 1, math.floor(WHEEL / (e + k - 1))))
    while f > 1 and _eps_or_inf(lambda: design(f)) < target:
        f -= 1
    while k * (f + 1) < WHEEL and _eps_or_inf(lambda: design(f + 1)) >= target:
        f += 1
    lo, hi = 0, WHEEL - k * f - 1
    if _eps_or_inf(lambda: design(f, hi)) > target:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    while lo < hi:
        mid = (lo + hi) // 2
        if _eps_or_inf(lambda: design(f, mid)) <= target:
            hi = mid
        else:
            lo = mid + 1
    return design(f, lo)


def _kary(truth: int, says: Sequence[int]) -> Design:
    sectors = [Sector(truth, TRUTH)] + [Sector(w, Instruction(Act.SAY, j)) for j, w in enumerate(says) if w]
    return Design(kind="kary", sectors=tuple(s for s in sectors if s.weight), categories=len(says))
