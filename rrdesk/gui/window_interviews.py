"""The main window's interviews: starting, continuing and closing one, and the dashboard after it.

:class:`InterviewHost` is part of :class:`rrdesk.gui.window.MainWindow` (a mixin, kept apart so
that each file stays readable): it uses the window's station, dashboard, task runner and
interview flow. Its words are the window's own (translation context ``MainWindow``), so they
are translated as they were when this code was in ``window.py``.
"""
from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Slot

from rrdesk.gui.frame import confirm, full_screen, screen_changed

if TYPE_CHECKING:
    from rrdesk.app.interviews import Station
    from rrdesk.gui.operations import Standing


class InterviewHost:
    """The interviews of :class:`rrdesk.gui.window.MainWindow` (see the module's text)."""

    @Slot()
    def start_interview(self) -> None:
        if self.station is None or self.standing.interrupted is not None:
            return
        if not (interviewer := self.dashboard.interviewer.current):
            return
        self._enter_flow()
        self.controller.begin(self.station, self.ui_lang, reduced_motion=self.prefs.reduced_motion,
                              interviewer=interviewer)

    @Slot()
    def continue_interview(self) -> None:
        stopped = self.standing.interrupted if self.station is not None else None
        interviewer = self.dashboard.interviewer.current
        if stopped is None or stopped.next_question is None or not interviewer:  # nothing left: only Close it
            return
        self._enter_flow()
        self.controller.resume(self.station, self.ui_lang, reduced_motion=self.prefs.reduced_motion,
                               interviewer=interviewer)

    @Slot()
    def ask_close_interrupted(self) -> None:
        """"Close it" on the dashboard: closing cannot be undone, so the interviewer confirms."""
        if self.station is None or self.standing is None or (stopped := self.standing.interrupted) is None:
            return
        title = QCoreApplication.translate("MainWindow", "Close interview {number}?").format(number=stopped.number)
        text = QCoreApplication.translate(
            "MainWindow", "The questions it did not reach are marked as not asked. This cannot be undone.")
        self.confirmation = confirm(self, title, text, QCoreApplication.translate("MainWindow", "Close it"),
                                    QCoreApplication.translate("MainWindow", "Keep it"),
                                    lambda yes: self._confirmed(yes, self.close_interrupted))

    def _confirmed(self, yes: bool, then) -> None:
        self.confirmation = None
        if yes:
            then()

    @Slot()
    def close_interrupted(self) -> None:
        """Close the interrupted interview (once confirmed: see :meth:`ask_close_interrupted`)."""
        from rrdesk.gui import operations

        station = self.station
        interviewer = self.dashboard.interviewer.current
        if station is None or (stopped := self.standing.interrupted) is None or not interviewer:
            return
        self.dashboard.set_ready(False)
        line = QCoreApplication.translate("MainWindow", "Interview {number} was closed; the questions it did "
                                          "not reach are marked as not asked.").format(number=stopped.number)
        operations.close_interrupted(station, interviewer).run(
            self.runner, lambda standing: self._after_write(line, standing),
            lambda error: self.use_survey(station.survey, status=error))

    @Slot(str)
    def _interviewer(self, value: str) -> None:
        if value:  # remembered on this laptop, as ODK Collect keeps its username
            self.prefs.interviewer = value

    def _after_write(self, line: str, standing: Standing) -> None:
        self.standing = standing
        self._last_saved = dt.datetime.now()
        self._refresh()
        self.dashboard.set_status(line)

    def interviewing(self) -> bool:
        """Whether an interview is on screen (from its first screen until the dashboard)."""
        return self._flow is not None and self.stack.currentWidget() is self._flow

    def _enter_flow(self) -> None:
        self.dashboard.set_status("")
        self.stack.setCurrentWidget(self.flow)
        self._refresh()
        full_screen(self, True)  # why: the respondent sees no other window, notification or menu

    @Slot()
    def _scroll_to_top(self) -> None:
        screen_changed(self.scroll)

    @Slot(str, bool, bool, bool)
    def _interview_ended(self, line: str, completed: bool, wrote: bool, broken: bool) -> None:
        from rrdesk.gui import operations

        if not broken:
            self._pending_status = ""  # the store writes again: an earlier failure is over
        if completed:
            self.session_saved += 1
        if wrote:
            self._last_saved = dt.datetime.now()
        if broken:  # a write failed: its writer refuses more; open the store again
            self._leave_flow()
            self.use_survey(self.survey, status=line)
            self.dashboard.setFocus()
            return
        station = self.station  # the dashboard comes back with where the station stands now
        operations.standing(station).run(self.runner, lambda standing: self._back(line, station, standing),
                                         lambda _: self._back(line, station, self.standing))

    def _back(self, line: str, station: Station, standing: Standing | None) -> None:
        if station is self.station:
            self.standing = standing
        self._leave_flow()
        self._refresh()
        self.dashboard.set_status(line)
        self.dashboard.setFocus()

    def _leave_flow(self) -> None:
        self.stack.setCurrentWidget(self.dashboard)
        self.flow.clear()
        self._scroll_to_top()
        full_screen(self, False)
