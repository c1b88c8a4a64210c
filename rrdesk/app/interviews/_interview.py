"""One interview of a :class:`~rrdesk.app.interviews.Station`: its randomized questions in the
survey's order, each spun at most once and recorded exactly once (the record shapes and the
reasons are in :mod:`rrdesk.app.interviews`, which re-exports :class:`Interview`)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rrdesk.core.errors import InterviewError
from rrdesk.core.survey import Question

if TYPE_CHECKING:  # why: the randomizer (and numpy) load at the first spin, not with the first window
    import numpy as np

    from rrdesk.app.interviews import Station
    from rrdesk.core.randomizer import Spin


class Interview:
    """One respondent's randomized questions, in the survey's order. Each question is
    spun at most once (no re-spin: the spin is on disk before its outcome is returned), and
    recorded exactly once. ``began``: the station clock's reading when the interview began
    (its start record), for the duration its last record holds; None when this process did not
    see it begin (continued after a restart, or a refusal): no duration is recorded then."""

    def __init__(self, station: Station, number: int, interviewer: str, *, began: float | None = None) -> None:
        self.station, self.number, self.interviewer = station, number, interviewer
        self.began = began
        self._spins: dict[str, Spin] = {}  # in memory only: the sector is never written
        # a two-group question's group (0 A, 1 B; cdm, unrelated_unknown), drawn with the CSPRNG when the question is first asked
        # and recorded with its answer; in memory only until then (a question never spun can draw
        # again after a crash: nothing of it was recorded)
        self._groups: dict[str, int] = {}

    @property
    def spun(self) -> str | None:
        """The question spun and not yet recorded (its outcome is held in memory), or None."""
        return next(iter(self._spins), None)

    def _standing(self) -> tuple[Question, bool] | None:
        """The question to ask now and whether it was spun (its slot half done); None when
        the interview is complete."""
        standing = self.station.open_slot()
        if standing is None or self.station.interviews_begun != self.number:
            return None
        return self.station.survey.randomized[standing[0]], standing[1]

    @property
    def next_question(self) -> Question | None:
        """The question to ask now; None when the interview is complete. A two-group question
        (cheating detection, the unrelated question with an unknown prevalence) comes with its
        drawn group's spinner as its design (the wheel the respondent sees and spins)."""
        standing = self._standing()
        return None if standing is None else self._asked(standing[0])

    def _asked(self, q: Question) -> Question:
        """``q`` as it is asked: a two-group question with its drawn group's spinner."""
        if not q.two_groups:
            return q
        from rrdesk.core import cdm  # why here: numpy loads at the first spin, not with the first window
        if q.id not in self._groups:
            self._groups[q.id] = int(cdm.draw_groups(1, self.station.source)[0])
        return replace(q, design=q.group_spinners[self._groups[q.id]])

    def _expect(self, question_id: str) -> tuple[Question, bool]:
        """The question to ask now, which must be ``question_id``, and whether it was spun."""
        standing = self._standing()
        if standing is None or standing[0].id != question_id:
            raise InterviewError(f'question "{question_id}" is not the one to record now')
        return self._asked(standing[0]), standing[1]

    def spin(self, question_id: str, truth: int | None = None) -> Spin:
        """Spin the wheel for the next question, once. Its ``spun`` record is durable before
        this returns: from here on the question is spent, whatever happens to this process.
        With ``truth`` (assisted mode) the spin carries the answer to record; keep the Spin
        in memory only."""
        q, half_done = self._expect(question_id)
        if question_id in self._spins or half_done:
            raise InterviewError(f'question "{question_id}" was already spun; it cannot be spun again')
        assert q.design is not None
        import rrdesk.core.randomizer as randomizer  # why not `from rrdesk.core import`: no importlib call each spin

        drawn = self.station.drawn(self.number, q)  # drawn between answers (OS CSPRNG), or now
        spin = randomizer.settle(drawn, truth) if drawn is not None else randomizer.spin(q.design, truth,
                                                                                       self.station.source)
        # raises: the outcome is never returned. began: for the answer record made ahead (a spun
        # record is never an interview's last: it holds no duration)
        self.station.add_record(self.number, "spun", self.interviewer, q.id, began=self.began)
        self._spins[question_id] = spin
        return spin

    def record(self, question_id: str, answer: int | np.ndarray) -> int:
        """Record the answer given after the spin (1 = YES / 0 = NO, or a choice index; assisted:
        the spin's own one-element fixed-width answer); durable when this returns. Returns the record's sequence number in the log."""
        q, _ = self._expect(question_id)
        if question_id not in self._spins:
            raise InterviewError(f'question "{question_id}" must be spun before it is recorded')
        import numpy as np

        from rrdesk.core.randomizer import fixed

        labels = q.answer_ids
        given = 2 if q.two_groups else len(labels)  # two groups: NO or YES, stored with the group
        # why in numpy: from here to the sealed bytes nothing branches on, or looks up by, the
        # answer (or the group): CPython's small ints take another path for 0 than for 1
        try:
            value = fixed(answer)
        except Exception:
            raise InterviewError(f'question "{question_id}": not one of its answers') from None
        # one comparison, the same outcome for every answer (a negative one wraps to a huge unsigned)
        if not (value.view(np.uint64) < np.uint64(given))[0]:
            raise InterviewError(f'question "{question_id}": not one of its answers')
        if q.two_groups:
            value = value + 2 * fixed(self._groups.pop(q.id))
        seq = self.station.add_answer(self.number, self.interviewer, q.id, labels, value, began=self.began)
        del self._spins[question_id]  # the spin is not needed any more: forget the sector
        return seq

    def decline(self, question_id: str) -> int:
        """The respondent chose not to answer (before spinning): ``unspun``, then ``declined``.
        Returns the sequence number of the ``declined`` record."""
        q, half_done = self._expect(question_id)
        if question_id in self._spins or half_done:
            raise InterviewError(f'question "{question_id}" was spun; its answer must be recorded')
        self.station.add_record(self.number, "unspun", self.interviewer, q.id)
        return self.station.add_record(self.number, "declined", self.interviewer, q.id, began=self.began)

    def abandon(self) -> None:
        """Close the interview now: every question not yet recorded gets an ``abandoned``
        record (after an ``unspun`` one, unless it was spun)."""
        self._spins.clear()
        while (standing := self._standing()) is not None:
            q, spun = standing
            if not spun:
                self.station.add_record(self.number, "unspun", self.interviewer, q.id)
            self.station.add_record(self.number, "abandoned", self.interviewer, q.id, began=self.began)

    @property
    def complete(self) -> bool:
        return self.next_question is None
