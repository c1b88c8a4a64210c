"""The unrelated question with an unknown innocuous prevalence: two spinner groups.

Greenberg, Abul-Ela, Simmons & Horvitz (1969) let the innocuous question's YES share ``π_u`` be
unknown and estimate it beside the sensitive share ``π`` from two independent groups whose
spinners say "answer the question" with different chances ``p_a ≠ p_b`` (RRreg's
``UQTunknown``; Heck & Moshagen 2018). Each respondent is drawn into group A or B with one CSPRNG
byte (:func:`rrdesk.core.cdm.draw_groups`, as for cheating detection) and the group is recorded
beside the answer. In group g a respondent is recorded YES with probability

    λ_g = p_g π + (1 − p_g) π_u,

two equations in (π, π_u), solvable when ``p_a ≠ p_b``.

ε. One answer's ε depends on ``π_u``: ``ln(1 + p / ((1 − p) min(π_u, 1 − π_u)))``, unbounded as
``π_u`` nears 0 or 1 -- and ``π_u`` is exactly what this design does not know. So the survey
states a range the innocuous prevalence is assumed to lie in (``unrelated_prevalence_between``),
and ε is the exact worst case over it: the ratio grows as ``min(π_u, 1 − π_u)`` shrinks, so the
worst case is at the end of the range nearer 0 or 1, and each group's spinner is compiled as an
``unrelated`` design with that end as its prevalence (its exact ε, from the integer weights, is
the worst case). The respondent's ε is the larger of the two groups'. The ε holds only while the
innocuous prevalence really lies in the range, and (as for every unrelated question) only against
someone who does not know the respondent's innocuous answer; ``rrdesk check`` says both.

Estimates: the maximum likelihood of the two binomial counts over ``(π, π_u)`` in the unit square
-- the moment solution ``M⁻¹ λ̂`` (RRreg's) when it is inside, else the best point on the
square's edges (:func:`rrdesk.core.cdm.edge_maximum`); standard errors by the delta method,
``Cov = M⁻¹ diag(λ̂_g (1 − λ̂_g) / n_g) M⁻ᵀ`` (RRreg divides by ``n_g − 1``).

Intervals: exact, as rrdesk maps one spinner's binomial interval through its design, here for
two groups: Blaker's interval for each group's recorded rate at level ``√0.95`` (the groups are
independent, so both hold together with probability ≥ 0.95 for every true point), the rectangle
they span mapped through ``M⁻¹`` to a parallelogram of ``(π, π_u)``, cut to the unit square
(clipping drops only points that cannot be the truth), and each share's interval is that
polygon's extent along it. So the coverage is ≥ 95 % for every ``(π, π_u)`` and every group
size (``tests/test_coverage.py`` sums it exactly). When the polygon is empty (rates no point of
the square can produce) the groups' levels are raised until it is not, which only adds coverage;
the interval always holds the point estimate and never has zero width.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist
from typing import Sequence

import numpy as np

from rrdesk.core import design as designs
from rrdesk.core.cdm import draw_groups, edge_maximum, moments, respond
from rrdesk.core.errors import DesignError
from rrdesk.core.estimate import blaker
from rrdesk.core.plan import Z95

__all__ = ["GROUP_LEVEL", "UQT", "UnknownEstimate", "draw_groups", "estimate", "intervals", "margin95", "needed_n",
           "pair", "power_difference", "respond", "uqt", "worst_prevalence"]

#: The level of each group's interval: both hold together with probability ≥ GROUP_LEVEL² = 0.95.
GROUP_LEVEL = math.sqrt(0.95)

#: Levels tried in turn when the groups' rectangle misses the unit square (rates no true point can
#: give): each only widens the interval.
_WIDER = (GROUP_LEVEL, 0.99, 0.999, 0.99999, 1 - 1e-9)

#: The unit square's edges, each a segment s ↦ (π, π_u).
_SQUARE = (lambda s: (s, 0.0), lambda s: (s, 1.0), lambda s: (0.0, s), lambda s: (1.0, s))


@dataclass(frozen=True)
class UQT:
    """The two groups' spinners (A, then B), each an ``unrelated`` design whose prevalence is the
    worst-case end of the assumed range, and that range ``between`` (low, high)."""

    groups: tuple[designs.Design, designs.Design]
    between: tuple[float, float]

    @property
    def epsilon(self) -> float:
        """ε of one recorded answer, the worst case over the assumed range: the larger group's."""
        return max(g.epsilon for g in self.groups)

    @property
    def p(self) -> tuple[float, float]:
        """Each group's chance of "answer the question" (exact: a multiple of 2⁻³²)."""
        return (self.groups[0].truth_probability, self.groups[1].truth_probability)

    @property
    def matrix(self) -> np.ndarray:
        """``M[g] = (p_g, 1 − p_g)``: ``λ = M (π, π_u)``."""
        return np.array([[p, 1.0 - p] for p in self.p])


def worst_prevalence(between: Sequence[float]) -> float:
    """The end of the assumed range nearer 0 or 1 (the lower one on a tie): where ε is largest.

    Raises
    ------
    DesignError
        Not two probabilities strictly between 0 and 1, low first.
    """
    if (not isinstance(between, (tuple, list)) or len(between) != 2
            or any(not isinstance(x, (int, float)) or isinstance(x, bool) or not 0 < x < 1 for x in between)):
        raise DesignError(f"the innocuous prevalence's range must be two probabilities strictly between 0 and 1, "
                          f"not {between!r}")
    low, high = float(between[0]), float(between[1])
    if low > high:
        raise DesignError(f"the innocuous prevalence's range must be low first, not {low:g} > {high:g}")
    return low if low <= 1 - high else high


def uqt(*, p: Sequence[float], between: Sequence[float]) -> UQT:
    """Group A answers the question with ``p[0]``, group B with ``p[1]``, otherwise the unrelated
    one, whose YES share is assumed to lie in ``between``.

    Raises
    ------
    DesignError
        A probability outside (0, 1) or off the range, or ``p[0] == p[1]`` on the grid (the two
        groups would be the same, and the two shares could not be told apart).
    """
    worst = worst_prevalence(between)
    if not isinstance(p, (tuple, list)) or len(p) != 2:
        raise DesignError(f"p must be two probabilities (group A, group B), not {p!r}")
    if any(not isinstance(x, (int, float)) or isinstance(x, bool) or not 0 < x < 1 for x in p):
        raise DesignError(f"each p must be a probability strictly between 0 and 1, not {list(p)!r}")
    # the worst end rounded outward onto the grid (toward 0 or 1), so the ε of the integer weights
    # is never below the worst case over the range as written
    units = math.floor(worst * designs.WHEEL) if worst <= 0.5 else math.ceil(worst * designs.WHEEL)
    units = min(max(units, 1), designs.WHEEL - 1)
    groups = tuple(designs.unrelated_weights(_sensitive(x), units) for x in p)
    return pair(groups[0], groups[1], (float(between[0]), float(between[1])))


def _sensitive(p: float) -> int:
    """``p`` on the grid, as the unrelated design rounds it."""
    return designs.unrelated(prevalence=0.5, p=p).sectors[0].weight


def pair(group_a: designs.Design, group_b: designs.Design, between: tuple[float, float]) -> UQT:
    """The design of two compiled spinners (a survey question holds them); ``DesignError`` when
    they are the same."""
    if group_a.truth_probability == group_b.truth_probability:
        raise DesignError("the two groups need different chances of answering the question (p_a ≠ p_b)")
    return UQT((group_a, group_b), between)


@dataclass(frozen=True)
class UnknownEstimate:
    """The sensitive share ``pi`` and the innocuous share ``pi_u``, each with its ``se`` and
    ``ci95`` in a dict by those names; ``n`` per group; ``boundary`` when the moment solution
    left the unit square."""

    estimate: dict[str, float]
    se: dict[str, float]
    ci95: dict[str, tuple[float, float]]
    n: tuple[int, int]
    boundary: bool


def estimate(d: UQT, yes: tuple[int, int], n: tuple[int, int]) -> UnknownEstimate:
    """Both shares from each group's recorded YES count ``yes[g]`` of ``n[g]`` answers.

    Raises
    ------
    ValueError
        A group with no answers, or counts that do not fit.
    """
    m = d.matrix
    raw, inverse, lam = moments(m, yes, n)
    inside = bool(raw.min() >= 0 and raw.max() <= 1)
    point = (float(raw[0]), float(raw[1])) if inside else edge_maximum(m, yes, n, _SQUARE)
    cov = inverse @ np.diag(lam * (1 - lam) / np.array(n, dtype=float)) @ inverse.T
    names = ("pi", "pi_u")
    se = {k: math.sqrt(max(float(cov[i, i]), 0.0)) for i, k in enumerate(names)}
    ends = intervals(d.p, (int(yes[0]), int(yes[1])), (int(n[0]), int(n[1])))
    ci = {k: (min(ends[i][0], point[i]), max(ends[i][1], point[i])) for i, k in enumerate(names)}
    return UnknownEstimate(dict(zip(names, point)), se, ci, (int(n[0]), int(n[1])), not inside)


def intervals(p: tuple[float, float], yes: tuple[int, int], n: tuple[int, int]) -> tuple[tuple[float, float], ...]:
    """The exact 95 % intervals of ``π`` and ``π_u`` (see the module's text)."""
    for level in _WIDER:
        rect = [_group_interval(y, m, level) for y, m in zip(yes, n)]
        hull = _square_cut(p, rect)
        if hull is not None and all(high > low for low, high in hull):
            return hull
    return ((0.0, 1.0), (0.0, 1.0))  # why unreachable in practice: at 1 − 1e-9 each rate's interval is near [0, 1]


@lru_cache(maxsize=65536)
def _group_interval(y: int, n: int, level: float) -> tuple[float, float]:
    lo, hi = blaker(np.array([y]), np.array([n]), level)
    return float(lo[0]), float(hi[0])


def _square_cut(p: tuple[float, float], rect: list[tuple[float, float]]) -> tuple[tuple[float, float], ...] | None:
    """The extent along π and π_u of ``{θ ∈ [0, 1]² : λ_g(θ) ∈ rect[g]}``, None when empty: the
    polygon ``{λ_g ≥ L_g, λ_g ≤ U_g}`` clipped by the square's sides (Sutherland–Hodgman on the
    square, cut by the four half-planes of the rates)."""
    polygon = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    for g, (lo, hi) in enumerate(rect):
        a, b = p[g], 1.0 - p[g]  # λ_g = a π + b π_u
        polygon = _clip(polygon, a, b, lo, 1.0)
        polygon = _clip(polygon, -a, -b, -hi, 1.0)
        if not polygon:
            return None
    xs, ys = [v[0] for v in polygon], [v[1] for v in polygon]
    return ((max(0.0, min(xs)), min(1.0, max(xs))), (max(0.0, min(ys)), min(1.0, max(ys))))


def _clip(polygon: list[tuple[float, float]], a: float, b: float, c: float,
          scale: float) -> list[tuple[float, float]]:
    """The part of a convex polygon where ``a x + b y ≥ c`` (a tolerance of 1e-13 keeps a point
    on the line, so a rate's interval ending exactly on a corner of the square is not lost)."""
    def inside(v: tuple[float, float]) -> bool:
        return a * v[0] + b * v[1] >= c - 1e-13 * scale

    out: list[tuple[float, float]] = []
    for i, cur in enumerate(polygon):
        prev = polygon[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(_cross(prev, cur, a, b, c))
            out.append(cur)
        elif inside(prev):
            out.append(_cross(prev, cur, a, b, c))
    return out


def _cross(u: tuple[float, float], v: tuple[float, float], a: float, b: float, c: float) -> tuple[float, float]:
    fu, fv = a * u[0] + b * u[1] - c, a * v[0] + b * v[1] - c
    t = fu / (fu - fv)
    return (u[0] + t * (v[0] - u[0]), u[1] + t * (v[1] - u[1]))


# -- planning: rrdesk check ----------------------------------------------------------------------

def _variance_pi(d: UQT, n: float, pi: np.ndarray, pi_u: np.ndarray) -> np.ndarray:
    """The delta-method variance of π̂ with ``n`` respondents, half in each group, at true
    ``(π, π_u)`` (arrays of one shape): ``Σ_g (M⁻¹)₀g² λ_g (1 − λ_g) / (n / 2)``."""
    inverse = np.linalg.inv(d.matrix)
    total = np.zeros(np.broadcast(pi, pi_u).shape)
    for g, p in enumerate(d.p):
        lam = p * pi + (1 - p) * pi_u
        total = total + inverse[0, g] ** 2 * lam * (1 - lam)
    return total / (n / 2)


def _assumed(d: UQT) -> np.ndarray:
    return np.linspace(d.between[0], d.between[1], 21)


def margin95(d: UQT, n: int) -> float:
    """The 95 % half-width of the sensitive share with ``n`` respondents (half in each group), in
    the worst case over the share (steps of 0.02) and the innocuous prevalence in its assumed
    range (21 points): the planning figure of ``rrdesk check``."""
    if n < 2:
        raise ValueError("n must be at least 2")
    pi, pi_u = np.meshgrid(np.linspace(0, 1, 51), _assumed(d))
    return Z95 * math.sqrt(float(_variance_pi(d, n, pi, pi_u).max()))


def needed_n(d: UQT, margin: float) -> int:
    """The respondents for a worst-case 95 % margin of ``margin`` (it falls as 1/√n)."""
    return max(2, math.ceil(2 * (margin95(d, 2) / margin) ** 2))


def power_difference(d: UQT, n: float, difference: float) -> tuple[float, float, float]:
    """(power, low, high): the chance that a two-sided 5 % Wald test of equal sensitive shares
    rejects when two samples of ``n`` respondents each (half in each spinner group) have shares
    ``low`` and ``high = low + difference``, at the centre and innocuous prevalence (in its
    assumed range, the same in both samples) where the difference is hardest to detect: the
    delta method, ``Φ(|Δ| / s − z) + Φ(−|Δ| / s − z)``."""
    if not 0 < difference <= 1:
        raise ValueError("the difference must be in (0, 1]")
    if n < 2:
        return 0.0, 0.5 - difference / 2, 0.5 + difference / 2
    centres = np.linspace(difference / 2, 1 - difference / 2, 201)
    c, pi_u = np.meshgrid(centres, _assumed(d))
    total = _variance_pi(d, n, c - difference / 2, pi_u) + _variance_pi(d, n, c + difference / 2, pi_u)
    worst = np.unravel_index(int(np.argmax(total)), total.shape)
    s = math.sqrt(float(total[worst]))
    centre = float(c[worst])
    gap = difference / s if s > 0 else math.inf
    normal = NormalDist()
    return normal.cdf(gap - Z95) + normal.cdf(-gap - Z95), centre - difference / 2, centre + difference / 2
