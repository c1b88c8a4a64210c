"""The main window's interviews: starting, continuing and closing one, and the dashboard after it.

:class:`Interviews` is a part of :class:`rrdesk.gui.window.MainWindow`, made and owned by it (its
child), kept apart so that each file stays readable. It is given what it uses: the window's
:class:`Store` (the survey shown, its open station and where it stands), its screens' stack and
scroll area, its store's task runner, the preferences, the dashboard and the interviewer's
language (both set again when the language changes). It tells the window what it needs back by
its signals. Its words are the window's own (translation context ``MainWindow``), so they are
translated as they were when this code was in ``window.py``.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtWidgets import QMainWindow, QScrollArea

from rrdesk.gui.frame import CurrentStack, confirm, full_screen, screen_changed
from rrdesk.gui.settings import Preferences
from rrdesk.gui.tasks import TaskRunner

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from rrdesk.app.interviews import Station
    from rrdesk.core.survey import Survey
    from rrdesk.gui.dashboard import Dashboard
    from rrdesk.gui.flow import InterviewFlow
    from rrdesk.gui.interview import InterviewController
    from rrdesk.gui.operations import Standing

# why the controller, its screens and the store's operations are imported where first used: the
# first window shows the dashboard only, and Qt and Python make their classes when first named


@dataclass(eq=False)
class Store:
    """The survey the window shows and its store, as last read: the window opens and closes the
    station; its interviews write through it and read where it stands."""

    survey: Survey | None = None
    station: Station | None = None
    standing: Standing | None = None  # where the open station stands, as last read
    failure: str = ""  # a failed interview's line: shown again after each try to open the store


class Interviews(QObject):
    """The interviews of a :class:`rrdesk.gui.window.MainWindow` (see the module's text).

    Signals
    -------
    changed()
        The store or the screen shown changed: the dashboard and the menus show it again.
    reopen(Survey, str)
        A write failed: open this survey's store again and show the line.
    stepChanged(Step)
        The interview's controller moved to another screen.
    """

    changed = Signal()
    reopen = Signal(object, str)
    stepChanged = Signal(object)

    def __init__(self, window: QMainWindow, store: Store, *, stack: CurrentStack, scroll: QScrollArea,
                 runner: TaskRunner, prefs: Preferences, dashboard: Dashboard, lang: str) -> None:
        # why the window is reached as the parent, never kept in an attribute: a cycle of Python
        # references through Qt's ownership would keep a closed window (and its translators) alive
        super().__init__(window)
        self.store, self.stack, self.scroll, self.runner, self.prefs = store, stack, scroll, runner, prefs
        self.dashboard = dashboard  # the window's: it makes another when the language changes
        self.lang = lang  # the interviewer's interface language
        self.confirmation: QMessageBox | None = None  # "leave the interview?" or "close it?", while asked
        self.session_saved = 0  # interviews completed since the app started
        self.last_saved: dt.datetime | None = None  # when this session last wrote a record
        self._controller: InterviewController | None = None  # with the interview's screens, at the first
        self._flow: InterviewFlow | None = None  # interview (or when a test asks for them)

    def _window(self) -> QMainWindow:
        return cast(QMainWindow, self.parent())  # why a cast: Qt types the parent as a QObject

    @property
    def controller(self) -> InterviewController:
        """The interviews' controller (made, with :attr:`flow`, when first asked for)."""
        if self._controller is None:
            self._controller, self._flow = self._make()
        return self._controller

    @property
    def flow(self) -> InterviewFlow:
        """The interview's screens."""
        if self._flow is None:
            self._controller, self._flow = self._make()
        return self._flow

    def _make(self) -> tuple[InterviewController, InterviewFlow]:
        from rrdesk.gui.flow import InterviewFlow
        from rrdesk.gui.interview import InterviewController

        controller = InterviewController(self.runner, self)
        controller.ended.connect(self._interview_ended)
        controller.stepChanged.connect(self.stepChanged)  # the banner: the respondent reads it in their words
        flow = InterviewFlow(controller)
        flow.stack.currentChanged.connect(self._scroll_to_top)  # each screen is read from its top
        self.stack.addWidget(flow)
        return controller, flow

    def interviewing(self) -> bool:
        """Whether an interview is on screen (from its first screen until the dashboard)."""
        return self._flow is not None and self.stack.currentWidget() is self._flow

    # -- the dashboard's buttons -------------------------------------------------------------

    @Slot()
    def start(self) -> None:
        """A new interview. With one interrupted, as CSPro and ODK Collect do with a partial case,
        the interviewer chooses first: Start asks to close it (confirmed: it cannot be undone),
        and the dashboard's Continue goes on with it."""
        station, standing = self.store.station, self.store.standing
        if station is None or standing is None or self.confirmation is not None:
            return
        if not (interviewer := self.dashboard.interviewer.current):
            return
        if (stopped := standing.interrupted) is not None:
            self._ask_close(stopped.number, QCoreApplication.translate(
                "MainWindow", "Close interview {number} and start a new one?").format(number=stopped.number),
                QCoreApplication.translate("MainWindow", "Close it and start"), then=self.start)
            return
        self._enter_flow()
        self.controller.begin(station, self.lang, reduced_motion=self.prefs.reduced_motion,
                              interviewer=interviewer)

    @Slot()
    def resume(self) -> None:
        station, standing = self.store.station, self.store.standing
        stopped = standing.interrupted if station is not None and standing is not None else None
        interviewer = self.dashboard.interviewer.current
        if station is None or stopped is None or stopped.next_question is None or not interviewer:
            return  # nothing left: only Close it
        self._enter_flow()
        self.controller.resume(station, self.lang, reduced_motion=self.prefs.reduced_motion,
                               interviewer=interviewer)

    @Slot()
    def ask_close_interrupted(self) -> None:
        """"Close it" on the dashboard: closing cannot be undone, so the interviewer confirms."""
        standing = self.store.standing
        if self.store.station is None or standing is None or (stopped := standing.interrupted) is None:
            return
        title = QCoreApplication.translate("MainWindow", "Close interview {number}?").format(number=stopped.number)
        self._ask_close(stopped.number, title, QCoreApplication.translate("MainWindow", "Close it"))

    def _ask_close(self, number: int, title: str, yes: str, then: Callable[[], None] | None = None) -> None:
        """Confirm closing the interrupted interview ``number``; once closed, ``then()``."""
        text = QCoreApplication.translate(
            "MainWindow", "The questions it did not reach are marked as not asked. This cannot be undone.")
        self.confirmation = confirm(self._window(), title, text, yes,
                                    QCoreApplication.translate("MainWindow", "Keep it"),
                                    lambda ok: self._confirmed(ok, lambda: self.close_interrupted(then)))

    def ask_leave(self, leave: Callable[[], None]) -> None:
        """✕ or Ctrl+Q during an interview: ``leave`` once the interviewer confirms (the
        interview stays interrupted)."""
        from rrdesk.gui import wording
        from rrdesk.gui.states import IN_RESPONDENT_WORDS

        if self.confirmation is not None:
            return
        words = self.controller.words
        if self.controller.step in IN_RESPONDENT_WORDS:  # over the respondent's screen: in their words and side
            self.confirmation = confirm(self._window(), words("leave_title"), words("leave_detail"),
                                        words("leave_yes"), words("leave_no"), lambda yes: self._confirmed(yes, leave))
            self.confirmation.setLayoutDirection(wording.direction(words))
            return
        self.confirmation = confirm(
            self._window(), QCoreApplication.translate("MainWindow", "Leave the interview?"),
            QCoreApplication.translate("MainWindow", "The interview stays interrupted: its saved answers are "
                                       "kept, and the dashboard offers to continue it next time."),
            QCoreApplication.translate("MainWindow", "Leave"), QCoreApplication.translate("MainWindow", "Stay"),
            lambda yes: self._confirmed(yes, leave))

    def _confirmed(self, yes: bool, then: Callable[[], None]) -> None:
        self.confirmation = None
        if yes:
            then()

    def close_interrupted(self, then: Callable[[], None] | None = None) -> None:
        """Close the interrupted interview (once confirmed: see :meth:`ask_close_interrupted`);
        once it is closed and the dashboard shows it, ``then()`` (Start's new interview)."""
        from rrdesk.gui import operations

        station, standing = self.store.station, self.store.standing
        interviewer = self.dashboard.interviewer.current
        if station is None or standing is None or (stopped := standing.interrupted) is None or not interviewer:
            return
        self.dashboard.set_ready(False)
        line = QCoreApplication.translate("MainWindow", "Interview {number} was closed; the questions it did "
                                          "not reach are marked as not asked.").format(number=stopped.number)
        def closed(standing: Standing) -> None:
            self._after_write(line, standing)
            if then is not None:
                then()

        operations.close_interrupted(station, interviewer).run(
            self.runner, closed, lambda error: self.reopen.emit(station.survey, error))

    @Slot(str)
    def remember_interviewer(self, value: str) -> None:
        if value:  # remembered on this laptop, as ODK Collect keeps its username
            self.prefs.interviewer = value

    def _after_write(self, line: str, standing: Standing) -> None:
        self.store.standing = standing
        self.last_saved = dt.datetime.now()
        self.changed.emit()
        self.dashboard.set_status(line)

    # -- on screen and back ------------------------------------------------------------------

    def _enter_flow(self) -> None:
        self.dashboard.set_status("")
        self.stack.setCurrentWidget(self.flow)
        self.changed.emit()
        full_screen(self._window(), True)  # why: the respondent sees no other window, notification or menu

    @Slot()
    def _scroll_to_top(self) -> None:
        screen_changed(self.scroll)

    @Slot(str, bool, bool, bool)
    def _interview_ended(self, line: str, completed: bool, wrote: bool, broken: bool) -> None:
        from rrdesk.gui import operations

        if not broken:
            self.store.failure = ""  # the store writes again: an earlier failure is over
        if completed:
            self.session_saved += 1
        if wrote:
            self.last_saved = dt.datetime.now()
        if broken:  # a write failed: its writer refuses more; open the store again
            self._leave_flow()
            self.reopen.emit(self.store.survey, line)
            self.dashboard.setFocus()
            return
        station = self.store.station  # the dashboard comes back with where the station stands now
        if station is None:  # why never: the station stays open while an interview is on screen
            self._back(line, station, self.store.standing)
            return
        operations.standing(station).run(self.runner, lambda standing: self._back(line, station, standing),
                                         lambda _: self._back(line, station, self.store.standing))

    def _back(self, line: str, station: Station | None, standing: Standing | None) -> None:
        if station is self.store.station:
            self.store.standing = standing
        self._leave_flow()
        self.changed.emit()
        self.dashboard.set_status(line)
        self.dashboard.setFocus()

    def _leave_flow(self) -> None:
        self.stack.setCurrentWidget(self.dashboard)
        self.flow.clear()
        self._scroll_to_top()
        full_screen(self._window(), False)
