"""``rrdesk verify`` and ``rrdesk extract``: data folders, logs, bundles and folders of bundles.

Finds the logs under each path, checks framing, sequence and chain (and with an identity the
tags and every record), and reports every problem as a :class:`rrdesk.core.problems.Problem`.
"""
from __future__ import annotations

from rrdesk.store.verify._verify import Report, extract, verify

__all__ = [
    "Report",
    "extract",
    "verify",
]
