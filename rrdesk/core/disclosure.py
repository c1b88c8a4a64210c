"""What a record discloses outside ε: declined and abandoned questions, and the interview's duration.

ε (:mod:`rrdesk.core.design`) bounds what one *recorded answer* reveals, because the spinner
randomized it. A decline and an abandon are not randomized: they are recorded as they happened
(FORMAT.md §1, the ``declined`` and ``abandoned`` records), so whoever reads the records learns
them exactly, with no ε protection. They say nothing about the true answer by themselves, but
when the people of one true answer decline or stop more often than the others, each decline
or stop hints at that answer -- by how much, nobody can bound in advance. These sentences are
the one wording of that, for ``check`` (text and ``--json``), the report (HTML, ``--json``,
the codebook) and the docs (README, docs/survey-format.md), so they never drift apart.

An interview's duration (FORMAT.md §3, ``duration_minutes``; the survey's ``record_duration``)
is not randomized either: :data:`DURATION` says exactly what it holds and may hint at.
"""
from __future__ import annotations

__all__ = ["ABANDONED", "ABANDONED_AFTER_SPIN", "DECLINED", "DURATION", "DURATION_OFF", "OUTSIDE_EPSILON", "SUMMARY",
           "duration", "statements"]

SUMMARY = ("ε covers only the recorded answers of randomized questions. A decline or an abandon is "
           "recorded as it happened, not randomized: it is disclosed as such, with no ε protection.")
DECLINED = ("declined: the respondent chose \"I prefer not to answer\" before spinning; the record says so "
            "exactly (whoever opens the records, the coordinator, learns who declined which question). If "
            "people with one true answer decline more often, a decline hints at that answer.")
ABANDONED = ("not reached (abandoned): the interview ended before the question was spun, perhaps after the "
             "respondent read it; the records show exactly where it stopped. If people with one true answer "
             "stop there more often, a stop hints at that answer.")
ABANDONED_AFTER_SPIN = ("stopped after the spin: the interview ended after the spinner showed its outcome, "
                        "before an answer was recorded; the outcome is never recorded, but the fact of "
                        "stopping right after seeing it is, with no ε protection (someone who stops rather "
                        "than give a forced YES is telling something).")
OUTSIDE_EPSILON = (("declined", DECLINED), ("abandoned", ABANDONED), ("abandoned_after_spin", ABANDONED_AFTER_SPIN))
DURATION = ("duration: each interview's last record holds how long the interview lasted, from its start "
            "(after the consent, when one is asked) to its last question, in whole minutes rounded down "
            "and capped at 180 (\"180 or more\"); never a time of day, nothing per question, and none "
            "for an interview continued after an interruption. It is sealed with the records, not "
            "randomized: whoever opens the records learns it exactly. It shows how fast a respondent "
            "read and answered (reading skills, hesitation, a long explanation), and with the day and "
            "the interviewer it can help someone who saw an interview and knows about how long it took "
            "pick out its record. If people with one true answer take longer, a long interview hints "
            "at that answer, by an amount nobody can bound in advance (one figure for the whole "
            "interview says little). It is kept to catch interviews an interviewer taps through alone; "
            "record_duration = false in [survey] records none.")
DURATION_OFF = ("duration: not recorded (record_duration = false in [survey]): the records hold no "
                "interview's duration.")


def duration(recorded: bool) -> str:
    """The sentence on an interview's duration, for a survey that records it or not."""
    return DURATION if recorded else DURATION_OFF


def statements(record_duration: bool = True) -> dict[str, str]:
    """The ``--json`` object ``outside_epsilon``: ``summary``, one sentence per kind, keyed
    as the counts are (``declined``, ``abandoned``, ``abandoned_after_spin``), and ``duration``
    (:func:`duration`, for a survey with ``record_duration`` or without)."""
    return {"summary": SUMMARY, **dict(OUTSIDE_EPSILON), "duration": duration(record_duration)}
