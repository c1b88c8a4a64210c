"""What a record discloses outside ε: declined and abandoned questions.

ε (:mod:`rrdesk.core.design`) bounds what one *recorded answer* reveals, because the spinner
randomized it. A decline and an abandon are not randomized: they are recorded as they happened
(FORMAT.md §1, the ``declined`` and ``abandoned`` records), so whoever reads the records learns
them exactly, with no ε protection. They say nothing about the true answer by themselves, but
when the people of one true answer decline or stop more often than the others, each decline
or stop hints at that answer -- by how much, nobody can bound in advance. These sentences are
the one wording of that, for ``check`` (text and ``--json``), the report (HTML, ``--json``,
the codebook) and the docs (README, docs/survey-format.md), so they never drift apart.
"""
from __future__ import annotations

__all__ = ["ABANDONED", "ABANDONED_AFTER_SPIN", "DECLINED", "OUTSIDE_EPSILON", "SUMMARY", "statements"]

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


def statements() -> dict[str, str]:
    """The ``--json`` object ``outside_epsilon``: ``summary`` and one sentence per kind, keyed
    as the counts are (``declined``, ``abandoned``, ``abandoned_after_spin``)."""
    return {"summary": SUMMARY, **dict(OUTSIDE_EPSILON)}
