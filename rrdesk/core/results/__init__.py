"""The coordinator's results and every way they are written out: one pure reporting package.

=====================  ===================================================================
``model``              :class:`Results` (per question, per subgroup) from counts; design parameters
``contracts``          every ``--json`` object: ``check``, ``verify``, ``aggregate``
``tables``             ``estimates.csv`` and ``answers.csv`` as text
``codebook``           ``codebook.md``: every column, this survey's designs, the R lines
``html``               ``report.html``: one self-contained, offline page
``fitting``            ``--model``: the logistic regression's formula, design matrix and rows
=====================  ===================================================================

Pure: no file is read or written here (``rrdesk.app.aggregate`` writes them), and no Qt.
"""
from __future__ import annotations

from rrdesk.core.results.model import (
    FOLD_OVER,
    SMALL_GROUP,
    UNKNOWN_GROUP,
    Group,
    QuestionResult,
    Results,
    design_parameters,
    folded,
    results,
)

__all__ = ["FOLD_OVER", "SMALL_GROUP", "UNKNOWN_GROUP", "Group", "QuestionResult", "Results", "design_parameters",
           "folded", "results"]
