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

# Where things live: the data model (Act, Instruction, Sector, Design and its exact
# quantities) in _model, the four constructors in _constructors, calibration's arithmetic in
# _calibrate. This face is the one to import.
from rrdesk.core.design._calibrate import WHEEL
from rrdesk.core.design._constructors import (
    forced,
    forced_weights,
    kary,
    kary_weights,
    unrelated,
    unrelated_weights,
    warner,
    warner_weights,
)
from rrdesk.core.design._model import (
    KINDS,
    NO,
    OPPOSITE,
    OTHER,
    SAY_NO,
    SAY_YES,
    TRUTH,
    YES,
    Act,
    Design,
    Instruction,
    Sector,
)

# the *_weights constructors build a spinner straight from integer weights (cdm's second group,
# tests of the grid's edges); the others calibrate from an ε or probabilities
__all__ = [
    "KINDS", "WHEEL", "YES", "NO", "Act", "Instruction", "Sector", "Design",
    "TRUTH", "OPPOSITE", "OTHER", "SAY_YES", "SAY_NO", "forced", "warner", "unrelated", "kary",
    "forced_weights", "warner_weights", "unrelated_weights", "kary_weights",
]
