"""The data model of a design: what a sector says, and the spinner's exact quantities.

:class:`Design` holds the sectors of one calibrated spinner and derives, from their integer
weights, everything the coordinator relies on -- ``P(report | truth)`` as exact fractions, ε,
the truth and lying probabilities. Part of :mod:`rrdesk.core.design` (which re-exports every
name here and documents the designs and ε); the constructors that calibrate a design are in
:mod:`rrdesk.core.design._constructors`.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # why: numpy loads when a matrix is asked for, not with every survey (start-up)
    import numpy as np

from rrdesk.core.design._calibrate import WHEEL  # the 2**32 grid every weight lives on
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
        return _exact_matrix(self)

    @property
    def matrix(self) -> np.ndarray:
        """``P(report | truth)`` as floats, ``matrix[truth, report]``; rows sum to 1. Read-only:
        one array per design, shared by every caller."""
        return _float_matrix(self)

    @property
    def max_ratio(self) -> Fraction | None:
        """The largest ratio ``P(r | t) / P(r | t')``; ``None`` when it is unbounded."""
        return _max_ratio(self)

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


# -- exact quantities, once per design ---------------------------------------------------------
# why cached: a design is immutable and hashable, and ``rrdesk check`` of 100 twelve-choice
# questions asked each design's matrix thousands of times (1.4 s in Fraction arithmetic)

_CACHED = 1024  # why: far more designs than a survey of 100 questions (and its cdm groups) holds


@lru_cache(maxsize=_CACHED)
def _exact_matrix(design: Design) -> tuple[tuple[Fraction, ...], ...]:
    """:attr:`Design.exact_matrix`: each cell an integer sum over the sectors on the grid of
    ``WHEEL**2`` (an unrelated sector's share splits by the prevalence, ``prevalence / WHEEL``),
    made a fraction once."""
    k, pi = design.categories, design.prevalence
    rows = []
    for truth in range(k):
        row = [0] * k  # in units of WHEEL**-2
        for s in design.sectors:
            act = s.instruction.act
            if act is Act.TRUTH:
                row[truth] += s.weight * WHEEL
            elif act is Act.OPPOSITE:
                row[1 - truth] += s.weight * WHEEL
            elif act is Act.SAY:
                row[s.instruction.value] += s.weight * WHEEL
            else:  # OTHER: the unrelated question is YES with probability π
                row[YES] += s.weight * pi
                row[NO] += s.weight * (WHEEL - pi)
        rows.append(tuple(Fraction(x, WHEEL * WHEEL) for x in row))
    return tuple(rows)


@lru_cache(maxsize=_CACHED)
def _float_matrix(design: Design) -> np.ndarray:
    import numpy as np

    out = np.array([[float(x) for x in row] for row in _exact_matrix(design)])
    out.setflags(write=False)  # why: shared by every caller of Design.matrix
    return out


@lru_cache(maxsize=_CACHED)
def _max_ratio(design: Design) -> Fraction | None:
    m = _exact_matrix(design)
    best = Fraction(1)
    for report in range(design.categories):
        column = [m[t][report] for t in range(design.categories)]
        low, high = min(column), max(column)
        if low == 0:
            if high > 0:
                return None
            continue
        best = max(best, high / low)
    return best
