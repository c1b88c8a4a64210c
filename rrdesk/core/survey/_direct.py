"""Direct questions that real surveys need: numbers with a range, and skip conditions.

Part of the survey file's rules (:mod:`rrdesk.core.survey` calls in here for every ``direct``
question, then :func:`conditions` once all questions are read):

- ``type = "integer"`` or ``"decimal"`` (XLSForm's names) with ``min`` and ``max`` (both
  required: the range bounds the answer's width, so every record of a survey keeps one padded
  size, and it catches a typo such as an age of 250 in the field), ``decimals`` (decimal only,
  digits after the point) and optional ``bins`` (the cut points ``--by`` groups by);
- ``relevant``: a condition on earlier direct questions (:mod:`rrdesk.core.survey._relevant`), never
  on a randomized one.

A number is held as an integer count of its smallest step (``units``: the value × 10^decimals),
so ranges, bins and comparisons are exact; its recorded text is canonical (``"-3"``, ``"12.50"``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, Callable, Mapping

from rrdesk.core.survey._rules import Place, is_number, show

if TYPE_CHECKING:  # why: _model imports NumberRange from here
    from rrdesk.core.survey._model import Question
    from rrdesk.core.survey._relevant import Condition

# why rrdesk.core.survey._relevant is imported where a condition is parsed or tested: most surveys
# have none, and its classes and pattern are a tenth of the survey package's import (the first window)

NUMBER_TYPES = ("integer", "decimal")
#: ``--by``'s group of respondents whose relevant condition skipped the question (never an
#: answer id: those start with a letter or a digit).
SKIPPED_GROUP = "(skipped)"
DIRECT_KEYS = ("type", "min", "max", "decimals", "bins", "relevant")
#: Why: a bound beyond this is a typo, and keeps value × 10^decimals exact in a float (< 2^53).
MAX_MAGNITUDE = 10**9
#: Why: more digits after the point than any field measurement (and keeps units < 2^53).
MAX_DECIMALS = 6
#: Why 1: a decimal question without ``decimals`` records tenths (a weight in kg, hours a day).
DEFAULT_DECIMALS = 1
#: Why 200: enough for a split by site or village (issue 33: 50 sites, 200 villages); the report
#: folds the small groups, and each group's estimate is one row of the CSVs and the JSON.
#: More is a different analysis (a model with the number itself: ``--model``).
MAX_BINS = 200
#: Why 5: default bins make about five groups -- enough to see a trend, each still large.
DEFAULT_BINS = 5


@dataclass(frozen=True)
class NumberRange:
    """A number question's range: ``low``..``high`` in units of 10^-decimals, both included;
    ``edges`` the first unit of each bin (``edges[0] == low``; a bin runs to the next edge,
    the last to ``high`` included)."""

    type: str
    decimals: int
    low: int
    high: int
    edges: tuple[int, ...]

    @property
    def scale(self) -> int:
        return 10**self.decimals

    def text(self, units: int) -> str:
        """The canonical recorded text of ``units``: ``"-3"``, ``"12.50"``."""
        if not self.decimals:
            return str(units)
        sign = "-" if units < 0 else ""
        whole, part = divmod(abs(units), self.scale)
        return f"{sign}{whole}.{part:0{self.decimals}d}"

    def units(self, text: str) -> int | None:
        """The units of a recorded text, or None unless it is canonical and in range."""
        found = self.read(text)
        return found if found is not None and self.text(found) == text else None

    def read(self, text: str) -> int | None:
        """What a person typed (``12.5``, ``12,5``, `` 7 ``), in units; None when it is not a
        number, has more digits after the point than allowed, or is out of range."""
        cleaned = text.strip().replace(",", ".")
        if not cleaned or len(cleaned) > 40 or not all(c in "0123456789.-+" for c in cleaned):
            return None
        try:
            value = Decimal(cleaned)
        except InvalidOperation:
            return None
        scaled = value * self.scale
        if not value.is_finite() or scaled != scaled.to_integral_value():
            return None
        units = int(scaled)
        return units if self.low <= units <= self.high else None

    def value(self, units: int) -> float:
        return units / self.scale

    def widest(self) -> str:
        return max(self.text(self.low), self.text(self.high), key=len)

    def bin_of(self, units: int) -> int:
        return sum(1 for edge in self.edges[1:] if units >= edge)

    @property
    def labels(self) -> tuple[str, ...]:
        """One name per bin: ``"18-24"`` (integers; ``"5"`` for one value), ``"[1.5,2.0)"`` and
        ``"[2.0,3.0]"`` for the last (decimals, as R's ``cut`` writes them)."""
        ends = [*self.edges[1:], self.high + 1]
        if self.decimals:
            return tuple(f"[{self.text(a)},{self.text(b)})" if i < len(ends) - 1 else
                         f"[{self.text(a)},{self.text(self.high)}]"
                         for i, (a, b) in enumerate(zip(self.edges, ends)))
        return tuple(str(a) if a == b - 1 else f"{a}-{b - 1}" if a >= 0 else f"{a} to {b - 1}"
                     for a, b in zip(self.edges, ends))


def direct_keys(place: Place, table: dict[str, Any], choices: tuple[str, ...]) -> NumberRange | None:
    """A direct question's ``type``, ``min``, ``max``, ``decimals`` and ``bins``; None for a
    question with choices or yes/no (which takes none of them)."""
    if "type" not in table:
        for key in ("min", "max", "decimals", "bins"):
            if key in table:
                place.fail(key, f'{key} needs type = "integer" or "decimal"')
        return None
    kind = place.string(table, "type", NUMBER_TYPES)
    if choices:
        place.fail("choices", f"choices is not allowed for type {kind} (a number question has none)")
    if "decimals" in table and kind == "integer":
        place.fail("decimals", 'decimals is only for type = "decimal"')
    decimals = 0
    if kind == "decimal":
        decimals = DEFAULT_DECIMALS
        if "decimals" in table:
            given = table["decimals"]
            if not isinstance(given, int) or isinstance(given, bool) or not 1 <= given <= MAX_DECIMALS:
                place.fail("decimals", f"decimals must be a whole number from 1 to {MAX_DECIMALS}, not {show(given)}")
            decimals = given
    low, high = (_bound(place, table, key, kind, decimals) for key in ("min", "max"))
    if low >= high:
        place.fail("max", f"max must be above min ({show(table['min'])})")
    edges = _bins(place, table, kind, decimals, low, high) if "bins" in table else default_edges(low, high)
    return NumberRange(kind, decimals, low, high, edges)


def _bound(place: Place, table: dict[str, Any], key: str, kind: str, decimals: int) -> int:
    """``min`` or ``max`` in units."""
    if key not in table:
        place.fail(key, f"{key} is missing (type {kind} needs min and max: a bounded range keeps every "
                        "record one size, and catches a mistyped answer)")
    return _units(place, key, table[key], kind, decimals)


def _units(place: Place, key: str, value: Any, kind: str, decimals: int) -> int:
    """A number of the question (min, max or a bin) in units of 10^-decimals."""
    if not is_number(value) or (kind == "integer" and not isinstance(value, int)):
        place.fail(key, f"{key} must be {'a whole number' if kind == 'integer' else 'a number'}, not {show(value)}")
    if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > MAX_MAGNITUDE:
        place.fail(key, f"{key} must be between -{MAX_MAGNITUDE} and {MAX_MAGNITUDE}, not {show(value)}")
    scaled = Decimal(repr(value)) * 10**decimals
    if scaled != scaled.to_integral_value():
        place.fail(key, f"{key} {show(value)} has more than {decimals} digits after the point (decimals)")
    return int(scaled)


def _bins(place: Place, table: dict[str, Any], kind: str, decimals: int, low: int, high: int) -> tuple[int, ...]:
    cuts = table["bins"]
    if not isinstance(cuts, list) or not cuts:
        place.fail("bins", f"bins must be a list of cut points inside min..max, not {show(cuts)}")
    if len(cuts) >= MAX_BINS:
        place.fail("bins", f"bins may hold at most {MAX_BINS - 1} cut points ({MAX_BINS} groups), not {len(cuts)}")
    edges = [low]
    for i, cut in enumerate(cuts):
        units = _units(place, "bins", cut, kind, decimals)
        if not edges[-1] < units <= high:
            place.fail("bins", f"bins[{i}] = {show(cut)}: each cut point must be above the one before "
                               "(the first above min) and at most max")
        edges.append(units)
    return tuple(edges)


def default_edges(low: int, high: int) -> tuple[int, ...]:
    """About :data:`DEFAULT_BINS` bins of a round width (1, 2 or 5 × 10^k units) starting at
    multiples of it: 15..99 gives 15-19, 20-39, 40-59, 60-79, 80-99; 0..100 gives 0-19 …
    80-100 (a last bin of max alone is merged into the one before, unless the width is 1)."""
    width, step = 1, 0
    while width * DEFAULT_BINS < high - low:
        step += 1
        width = (1, 2, 5)[step % 3] * 10 ** (step // 3)
    edges = [low, *range((low // width + 1) * width, high + 1, width)]
    if width > 1 and len(edges) > 1 and edges[-1] == high:
        edges.pop()
    return tuple(edges)


def conditions(questions: tuple[Question, ...], place_of: Callable[[int], Place]) -> tuple[Question, ...]:
    """The questions with their ``relevant`` conditions parsed: each may name only direct
    questions asked before it. ``place_of(n)`` is question n's place in the file."""
    out = list(questions)
    for n, q in enumerate(questions):
        if q.relevant_text is None:
            continue
        import rrdesk.core.survey._relevant as _relevant
        place = place_of(n)
        before = {p.id: p for p in questions[:n]}
        every = {p.id: p for p in questions}

        def check(qid: str, op: str, literal: str | Decimal, q: Question = q) -> str | Decimal:
            other = before.get(qid)
            if other is None:
                if qid == q.id:
                    raise _relevant.ConditionError(f"${{{qid}}} is this question itself")
                if qid in every:
                    raise _relevant.ConditionError(f"${{{qid}}} comes later: a condition may name only "
                                                   "questions asked before this one")
                raise _relevant.ConditionError(f"${{{qid}}} is not a question of the survey")
            if other.design is not None:
                raise _relevant.ConditionError(
                    f"${{{qid}}} is a randomized question: a skip that depends on a randomized answer would "
                    "reveal it (whoever sees which questions were asked would learn the answer); name only "
                    "direct questions")
            return _literal(other, op, literal)

        try:
            parsed = _relevant.parse(q.relevant_text, check)
        except _relevant.ConditionError as error:
            place.fail("relevant", f"relevant: {error}")
        out[n] = replace(q, relevant=parsed)
    return tuple(out)


def _literal(other: Question, op: str, literal: str | Decimal) -> str | Decimal:
    import rrdesk.core.survey._relevant as _relevant

    ref = f"${{{other.id}}}"
    if other.number is None:
        if op not in ("=", "!="):
            raise _relevant.ConditionError(f"{ref} has answers, not numbers: compare it with = or != only")
        text = literal if isinstance(literal, str) else str(literal)
        if not isinstance(literal, str) or text not in other.answer_ids:
            hint = f" (write '{text}' in quotes)" if text in other.answer_ids else ""
            raise _relevant.ConditionError(f"{show(text)} is not an answer of {ref}: one of "
                                           f"{', '.join(repr(a) for a in other.answer_ids)}{hint}")
        return text
    if isinstance(literal, str):
        raise _relevant.ConditionError(f"{ref} is a number: compare it with a number, e.g. {ref} >= 18, "
                                       f"not {show(literal)}")
    return literal


def asked(questions: tuple[Question, ...], answers: dict[str, str]) -> dict[str, bool]:
    """Which of the direct ``questions`` are asked, given the ``answers`` so far (in order:
    a question's condition sees only earlier answers, "" for a skipped one)."""
    seen: dict[str, str] = {}
    result = {}
    for q in questions:
        result[q.id] = q.relevant is None or holds(q.relevant, seen)
        seen[q.id] = answers.get(q.id, "") if result[q.id] else ""
    return result


def holds(condition: Condition, answers: Mapping[str, str]) -> bool:
    """Whether ``condition`` is true for ``answers`` (question id -> recorded text, "" when
    skipped): :func:`rrdesk.core.survey._relevant.holds`."""
    import rrdesk.core.survey._relevant as _relevant

    return _relevant.holds(condition, answers)


def answers_problem(questions: tuple, answers: dict[str, str]) -> str:
    """What is wrong with a start record's direct answers ("" when nothing): every direct
    question answered when its condition holds (one of its answers, a number in range written
    canonically), and recorded as "" exactly when its condition does not. Never shows an answer."""
    if set(answers) != {q.id for q in questions}:
        return "the start record does not answer exactly the survey's direct questions"
    shown = asked(questions, answers)
    for q in questions:
        if shown[q.id]:
            if not q.accepts(answers[q.id]):
                what = "a number in its range" if q.number is not None else "one of its answers"
                return f'the start record\'s answer to "{q.id}" is not {what}'
        elif answers[q.id] != "":
            return f'"{q.id}" is answered although its relevant condition does not hold (it must be "")'
    return ""
