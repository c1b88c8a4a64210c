"""Qt (PySide6) views: interviewer dashboard, respondent flow, spinner widget, results.

The top layer: may import ``rrdesk.store`` and ``rrdesk.core``; nothing below imports it."""
