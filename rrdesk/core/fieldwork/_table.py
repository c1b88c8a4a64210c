"""The fieldwork table: who sent what and when, per laptop, interviewer, survey version and day.

Built from one line per interview (:class:`InterviewLine`, counts and where it came from,
never an answer) and one per laptop (:class:`Laptop`: its bundles, the interviews rrdesk
simulate made that were left out, its custody events in one sentence each); the interviewer
checks (:mod:`rrdesk.core.fieldwork._checks`) add their flags to each interviewer.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from rrdesk.core.fieldwork._checks import ALPHA, DirectCounts, Flag, RandomizedCounts, all_checks

ANSWERED, DECLINED, ABANDONED = 1, 2, 3  # how a randomized question's slot ended (0: no outcome yet)


@dataclass(frozen=True, slots=True)  # why slots: one per interview, a few hundred thousand in a large survey
class InterviewLine:
    """One interview: its laptop (enrollment name), interviewer, survey version, day, whether
    consent was refused and whether rrdesk simulate made it, its records, how each randomized
    question ended (:data:`ANSWERED`, :data:`DECLINED`, :data:`ABANDONED`, 0), and its recorded
    duration in whole minutes (None: not recorded)."""

    laptop: str
    interviewer: str
    version: str
    day: str
    refused: bool
    synthetic: bool
    records: int
    slots: tuple[int, ...]
    minutes: int | None = None

    @property
    def stopped(self) -> bool:
        return not self.refused and ABANDONED in self.slots

    @property
    def completed(self) -> bool:
        return not self.refused and 0 not in self.slots and ABANDONED not in self.slots


@dataclass(frozen=True)
class Bundle:
    file: str
    exported: str  # the manifest's UTC time, YYYY-MM-DDTHH:MM:SSZ


@dataclass(frozen=True)
class Laptop:
    """A laptop as the coordinator enrolled it: its name (the device id's first 8 digits when
    not enrolled), device id, bundles, the synthetic interviews left out, and its custody
    events (a restored backup, a clock turned, a key replaced…), one sentence each."""

    name: str
    device: str
    bundles: tuple[Bundle, ...] = ()
    synthetic_left_out: int = 0
    custody: tuple[str, ...] = ()


@dataclass(frozen=True)
class Counts:
    started: int = 0
    completed: int = 0
    stopped: int = 0
    refused: int = 0
    synthetic: int = 0
    records: int = 0

    @classmethod
    def of(cls, lines: Sequence[InterviewLine]) -> "Counts":
        return cls(len(lines), sum(line.completed for line in lines), sum(line.stopped for line in lines),
                   sum(line.refused for line in lines), sum(line.synthetic for line in lines),
                   sum(line.records for line in lines))

    def as_json(self) -> dict[str, int]:
        return {"started": self.started, "completed": self.completed, "stopped": self.stopped,
                "refused": self.refused, "synthetic": self.synthetic, "records": self.records}


@dataclass(frozen=True)
class Row:
    """One line of the table: a laptop, interviewer, version and day; its counts, and the
    declines and abandons of each randomized question (question id → interviews)."""

    laptop: str
    interviewer: str
    version: str
    day: str
    counts: Counts
    declined: Mapping[str, int]
    abandoned: Mapping[str, int]


@dataclass(frozen=True)
class Interviewer:
    """An interviewer over the whole fieldwork: counts, laptops, days worked and the flags of
    the checks."""

    id: str
    counts: Counts
    laptops: tuple[str, ...]
    first_day: str
    last_day: str
    per_day: tuple[tuple[str, int], ...]  # (day, interviews begun)
    flags: tuple[Flag, ...] = ()
    median_minutes: float | None = None


@dataclass(frozen=True)
class Progress:
    """Completed interviews against the survey's ``planned_respondents``, overall and per
    ``--by`` group ((group, completed) in the group's order)."""

    planned: int
    completed: int
    by: str | None = None
    groups: tuple[tuple[str, int], ...] = ()

    @property
    def share(self) -> float | None:
        return self.completed / self.planned if self.planned > 0 else None


@dataclass(frozen=True)
class Fieldwork:
    rows: tuple[Row, ...]
    interviewers: tuple[Interviewer, ...]
    laptops: tuple[Laptop, ...]
    progress: Progress
    questions: tuple[str, ...]  # the randomized questions, in survey order (the columns of declines)
    alpha: float = ALPHA
    flags: tuple[Flag, ...] = field(default=())

    @property
    def first_day(self) -> str:
        return min((r.day for r in self.rows), default="")

    @property
    def last_day(self) -> str:
        return max((r.day for r in self.rows), default="")


def fieldwork(lines: Sequence[InterviewLine], questions: Sequence[str], laptops: Sequence[Laptop] = (), *,
              planned: int = 0, by: str | None = None, groups: Sequence[tuple[str, int]] = (),
              randomized: Sequence[RandomizedCounts] = (), direct: Sequence[DirectCounts] = (),
              alpha: float = ALPHA) -> Fieldwork:
    """The table, the interviewers with their flags, and the progress.

    ``groups``: completed interviews per ``--by`` group; ``randomized`` and ``direct``: the
    counts per interviewer the checks read (pace and durations come from ``lines``).
    """
    grouped: dict[tuple[str, str, str, str], list[InterviewLine]] = defaultdict(list)
    for line in lines:
        grouped[(line.laptop, line.interviewer, line.version, line.day)].append(line)
    rows = []
    for (laptop, who, version, day), mine in sorted(grouped.items()):
        declined, abandoned = [0] * len(questions), [0] * len(questions)
        for line in mine:
            if DECLINED in line.slots or ABANDONED in line.slots:
                for j, slot in enumerate(line.slots):
                    declined[j] += slot == DECLINED
                    abandoned[j] += slot == ABANDONED
        rows.append(Row(laptop, who, version, day, Counts.of(mine), dict(zip(questions, declined)),
                        dict(zip(questions, abandoned))))
    per_who: dict[str, list[InterviewLine]] = defaultdict(list)
    for line in lines:
        per_who[line.interviewer].append(line)
    per_day = {who: Counter(line.day for line in mine) for who, mine in per_who.items()}
    minutes = {who: [line.minutes for line in mine if line.minutes is not None] for who, mine in per_who.items()}
    minutes = {who: m for who, m in minutes.items() if m}
    flags = all_checks(randomized, direct, {who: list(days.values()) for who, days in per_day.items()}, minutes,
                       alpha)
    interviewers = []
    for who, mine in sorted(per_who.items()):
        counts = Counts.of(mine)
        days = sorted(per_day[who].items())
        mm = sorted(minutes.get(who, ()))
        interviewers.append(Interviewer(who, counts, tuple(sorted({line.laptop for line in mine})), days[0][0],
                                        days[-1][0], tuple(days), tuple(f for f in flags if f.interviewer == who),
                                        _median(mm)))
    completed = sum(line.completed for line in lines)
    return Fieldwork(tuple(rows), tuple(interviewers), tuple(laptops), Progress(planned, completed, by, tuple(groups)),
                     tuple(questions), alpha, tuple(flags))


def _median(values: Sequence[int]) -> float | None:
    if not values:
        return None
    n = len(values)
    return float(values[n // 2]) if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2.0
