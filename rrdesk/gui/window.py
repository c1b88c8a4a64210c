"""The main window: the demo banner, the dashboard and the interview flow.

The window holds the open :class:`Station` (one survey in one data folder) and two task
runners: one for the store (opening it, records, closing an interview: one at a time, on
one thread, as the log writer requires) and one for exports (:mod:`rrdesk.gui.exporting`:
a slow USB stick never holds up the store, and a data folder that cannot be opened for
interviews still exports). It never calls the store itself: it runs the named operations of
:mod:`rrdesk.gui.operations` and shows their results (where the station stands: counts and
times), and its :class:`~rrdesk.gui.window_interviews.Interviews` runs the interviews; it never
reads an answer.

An interview is full-screen, without the menu bar. Leaving it (✕, Ctrl+Q) and closing an
interrupted one from the dashboard (irreversible) are confirmed first; a left interview stays
interrupted in the store, and the dashboard offers to continue it.

A failed write (a full disk) ends the interview on the dashboard, which keeps its line and
opens the store again; while it cannot be opened the dashboard says why and offers "Try
again", so the app recovers once space is freed, without a restart.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QScrollArea, QVBoxLayout, QWidget

from rrdesk.app import trust
from rrdesk.core.errors import SurveyError
from rrdesk.core.fileio import FileOps
from rrdesk.core.survey import Survey
from rrdesk.gui import i18n, wording
from rrdesk.gui.dashboard import Dashboard
from rrdesk.gui.exporting import ExportFlow
from rrdesk.gui.frame import CurrentStack, after_first_paint, place, scrolling
from rrdesk.gui.resources import DEMO_SURVEY, demo_recipient
from rrdesk.gui.settings import Preferences
from rrdesk.gui.survey_file import load as load_survey
from rrdesk.gui.tasks import TaskRunner
from rrdesk.gui.trusting import TrustFlow
from rrdesk.gui.widgets import compact_when_small, label
from rrdesk.gui.window_interviews import Interviews, Store

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from rrdesk.app.interviews import Station
    from rrdesk.gui.flow import InterviewFlow
    from rrdesk.gui.interview import InterviewController
    from rrdesk.gui.operations import Opened, Refused
    from rrdesk.gui.results import ResultsWindow
    from rrdesk.gui.states import Step

# why the interview's controller and screens, and the store's operations, are imported where they
# are first used (an interview, the store opening once the event loop runs): the first window
# shows the dashboard only, and Qt and Python make their classes when first named


class MainWindow(QMainWindow):
    """The interviewer's window.

    Signals
    -------
    storeReady()
        The data folder was opened (or could not be): the dashboard is up to date.
    exportFinished(str, bool)
        The export ended: the line shown, and whether it succeeded.
    """

    storeReady = Signal()
    exportFinished = Signal(str, bool)

    def __init__(self, *, data: Path, prefs: Preferences, translators: i18n.Translators,
                 ops: FileOps | None = None, parent: QWidget | None = None) -> None:  # ops: the store's I/O seam, for tests
        super().__init__(parent)
        self.setObjectName("main")
        place(self)  # first: its size says whether its type is compact, before anything is polished
        compact_when_small(self)  # before its children are made: each is polished once, compact or not
        self.data, self.prefs, self.translators, self._ops = Path(data), prefs, translators, ops
        self.ui_lang = translators.current
        self.store = Store()  # the survey, its open station and where it stands: shared with the interviews
        self._custody: trust.Custody | None = None  # the survey's signer and recipients, read with it
        self.message: QMessageBox | None = None
        self._leaving = False  # the interviewer confirmed leaving: the next close goes through
        self.results: ResultsWindow | None = None  # the coordinator's Results window, made when first asked for
        self._refused: Refused | None = None  # why the data folder cannot be used for interviews now
        self._opening = 0  # which opening of the store counts (a second tap on Try again makes another)
        self.runner = TaskRunner(self)

        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.banner = label("", "banner", center=True)
        self.banner.hide()
        column.addWidget(self.banner)
        self.stack = CurrentStack()  # why: sized by the screen shown, not by the largest of them
        self.scroll_area = scrolling(self.stack)  # a screen taller than the window scrolls, never clips
        column.addWidget(self.scroll_area, 1)
        self.setCentralWidget(central)
        self.dashboard = self._dashboard()
        self.export_flow = ExportFlow(self, self.dashboard)
        self.export_flow.finished.connect(self.exportFinished)
        self.exporter = self.export_flow.runner
        self.interviews = Interviews(self, self.store, stack=self.stack, scroll=self.scroll_area, runner=self.runner,
                                     prefs=self.prefs, dashboard=self.dashboard, lang=self.ui_lang)
        self.interviews.changed.connect(self._refresh)
        self.interviews.reopen.connect(self._reopen)
        self.interviews.stepChanged.connect(self._banner_text)  # the respondent reads it in their words
        self.trusting = TrustFlow(self, self.data)  # the coordinator's key confirmed; the enrollment file
        self.trusting.decided.connect(self._key_decided)
        self._build(None)

    # -- what tests and tools read -------------------------------------------------------------

    @property
    def survey(self) -> Survey | None:
        """The survey shown."""
        return self.store.survey

    @property
    def station(self) -> Station | None:
        """The survey's open store; None while it opens or when it cannot be opened."""
        return self.store.station

    @property
    def scroll(self) -> QScrollArea:  # type: ignore[override]  # why: hides QWidget.scroll(dx, dy), on purpose
        """The scroll area the screens are shown in (:attr:`scroll_area`), by the name tests read
        it by; a window never scrolls its children by hand with QWidget.scroll."""
        return self.scroll_area

    @property
    def controller(self) -> InterviewController:
        """The interviews' controller (made, with :attr:`flow`, when first asked for)."""
        return self.interviews.controller

    @property
    def flow(self) -> InterviewFlow:
        """The interview's screens."""
        return self.interviews.flow

    @property
    def confirmation(self) -> QMessageBox | None:
        """The open "leave the interview?" or "close it?" box, while asked."""
        return self.interviews.confirmation

    def interviewing(self) -> bool:
        """Whether an interview is on screen (from its first screen until the dashboard)."""
        return self.interviews.interviewing()

    # -- building (again, when the interviewer's language changes) ---------------------------

    def _dashboard(self) -> Dashboard:
        return Dashboard(i18n.available(), self.ui_lang, self.prefs.reduced_motion,
                         interviewer=self.prefs.interviewer)

    def _build(self, old: Dashboard | None) -> None:
        d = self.dashboard
        d.interviewerChanged.connect(self.interviews.remember_interviewer)
        d.startRequested.connect(self.interviews.start)
        d.continueRequested.connect(self.interviews.resume)
        d.closeRequested.connect(self.interviews.ask_close_interrupted)
        d.exportRequested.connect(self._ask_export)
        d.retryRequested.connect(self.try_again)
        d.openRequested.connect(self._ask_survey)
        d.replaceKeyRequested.connect(self.ask_replace_key)
        d.reducedMotionChanged.connect(self._reduced_motion)
        d.languageChanged.connect(self.set_language)
        # why its layout is off while it joins the stack of a window not yet shown: the stack shows
        # it, and a widget shown lays itself out at once -- at its size before the window has
        # placed it; the window lays it out at its real size when it shows, and that once suffices
        layout = None if self.isVisible() else d.layout()
        if layout is not None:
            layout.setEnabled(False)
        self.stack.insertWidget(0, d)
        if layout is not None:
            layout.setEnabled(True)
        if old is not None:
            current = self.stack.currentWidget() is old
            self.stack.removeWidget(old)
            old.deleteLater()
            if current:
                self.stack.setCurrentWidget(d)
        else:
            self.stack.setCurrentWidget(d)
        self._banner_text()
        self._menus()
        if (refused := self._refused) is not None:  # the new dashboard says it again
            d.show_fault(self.store.failure, full=refused.full, exportable=refused.exportable)
        self._refresh()

    def _banner_text(self, step: Step | None = None) -> None:
        mine = False  # the respondent's words and side for the scroll bar, else ours (the dashboard)
        if step is not None:
            from rrdesk.gui.states import IN_RESPONDENT_WORDS

            mine = step in IN_RESPONDENT_WORDS
        self.banner.setText(self.controller.words("demo_banner") if mine else
                            self.tr("DEMO — readable with the public demo key. Never use it for real answers."))
        self.scroll_area.setLayoutDirection(wording.direction(self.controller.words) if mine
                                            else self.layoutDirection())

    def _action(self, text: str) -> QAction:
        action = QAction(self)  # why not (text, self): PySide would make QIcon's class to rule out (icon, text)
        action.setText(text)
        return action

    def _menus(self) -> None:
        bar = self.menuBar()
        bar.clear()
        menu = bar.addMenu(self.tr("&File"))
        self.open_action = self._action(self.tr("&Open survey…"))
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._ask_survey)
        self.export_action = self._action(self.tr("&Export to…"))
        self.export_action.triggered.connect(self._ask_export)
        self.enrollment_action = self._action(self.tr("Write &enrollment file…"))
        self.enrollment_action.triggered.connect(self.trusting.ask_enrollment)
        self.results_action = self._action(self.tr("&Results (coordinator)…"))
        self.results_action.triggered.connect(self.show_results)
        quit_action = self._action(self.tr("&Quit"))
        # why Ctrl+Q by name too: some platforms (Windows, a bare X11) bind no standard Quit key
        quit_action.setShortcuts(list(dict.fromkeys([*QKeySequence.keyBindings(QKeySequence.StandardKey.Quit),
                                                     QKeySequence("Ctrl+Q")])))
        quit_action.triggered.connect(self.close)
        for action in (self.open_action, self.export_action, self.enrollment_action, self.results_action):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(quit_action)
        help_menu = bar.addMenu(self.tr("&Help"))  # Help → the survey file's reference (rrdesk.gui.help)
        self.format_action = self._action(self.tr("Survey file &format…"))
        self.format_action.setObjectName("survey-format")
        self.format_action.triggered.connect(self._show_format)
        help_menu.addAction(self.format_action)
        for old in self.actions():  # why: the shortcut must work while the menu bar is hidden (interview)
            self.removeAction(old)
        self.addAction(quit_action)

    @Slot()
    def _show_format(self) -> None:
        from rrdesk.gui.help import FormatDialog  # why here: the first window does not need its classes

        FormatDialog(self).show()

    def _title(self) -> None:
        # why: a fixed title; it never changes with a question, an answer or a spin
        name = self.store.survey.title if self.store.survey else ""
        self.setWindowTitle(f"rrdesk — {name}" if name else "rrdesk")

    # -- the survey and its store -----------------------------------------------------------

    @Slot()
    def _ask_survey(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # why here (and QMessageBox below): Qt makes a class's
        # enums when it is first named, and the first window shows neither

        start = str(Path(self.store.survey.path).parent) if self.store.survey else ""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open survey"), start,
                                              self.tr("Survey files (*.toml);;All files (*)"))
        if path:
            self.open_survey(Path(path))

    def open_survey(self, path: Path, *, remember: bool = True) -> bool:
        """Validate the survey at ``path`` (the messages of ``rrdesk check``) and open its
        store; ``remember`` keeps the path for the next start. False if it is not valid."""
        try:
            survey = load_survey(path)
        except SurveyError as error:
            self.show_message(self.tr("This survey file cannot be used"), str(error))
            return False
        if remember:
            self.prefs.survey_path = str(Path(path).resolve())
        self.use_survey(survey)
        return True

    def open_startup(self, path: Path | None) -> None:
        """At start: the given survey, else the remembered one, else the demo survey (also
        when that one is not a survey file: a FIFO, a device or a folder is never read)."""
        remembered = self.prefs.survey_path
        chosen = path or (Path(remembered) if remembered else None)
        if chosen is not None:
            try:
                self.use_survey(load_survey(chosen), later=True)
                return
            except SurveyError as error:
                said = str(error)
                if path is None:  # why: a remembered path that fails is forgotten, so the next start is clean
                    self.prefs.survey_path = None
                    said = self.tr("{problem}; forgotten (settings file {file})").format(
                        problem=said, file=self.prefs.settings.fileName())
                self.show_message(self.tr("The survey file cannot be used; the demo survey is open instead"),
                                  said)
        self.use_survey(load_survey(DEMO_SURVEY), later=True)

    def use_survey(self, survey: Survey, *, status: str = "", later: bool = False) -> None:
        """Show ``survey`` and open its store in the data folder, off the GUI thread;
        ``status`` (an error line) is shown once it is open. ``later``: start opening it (and
        checking a signature) once the window has been painted (at start-up: the first window is
        drawn before the store's work, which holds the interpreter's lock, begins)."""
        self._close_station()
        if survey is not self.store.survey:
            self.dashboard.clear_fault()  # another survey: another data folder's state
        self.store.survey, self._refused = survey, None
        self._title()
        self.banner.setVisible(demo_recipient() in survey.recipients)
        # the signature is read once; a survey that has one is checked once the window is painted
        # (the check loads pyca/cryptography), and meanwhile the dashboard says it is being checked
        signed = later and (trust.signature_path(survey).exists() or trust.trust_file_exists(self.data))
        self._custody = None if signed else trust.custody_of(survey, self.data)
        self.dashboard.show_survey(survey, self.data, self._custody)
        self.dashboard.set_status(self.tr("Opening the data folder…"))
        self.dashboard.set_ready(False)
        self.store.failure = status
        self._opening = opening = self._opening + 1

        def start() -> None:
            from rrdesk.gui import operations
            from rrdesk.gui.operations import Refused

            if opening == self._opening:  # not when another survey was chosen meanwhile
                if self._custody is None:  # before the store opens: Start waits for both
                    self._custody = trust.custody_of(survey, self.data)
                    self.dashboard.show_custody(self._custody)
                if self._custody.state == "new":  # the first signed survey: its key id confirmed first
                    self.dashboard.set_status(self.tr("Confirm the coordinator's key to record interviews."))
                    self.trusting.ask_first(survey)
                    return
                operations.open_station(survey, self.data, ops=self._ops).run(
                    self.runner, lambda result: self._opened(result, opening),
                    lambda line: self._opened(Refused(line, None, False), opening))
        after_first_paint(self, start) if later else start()

    @Slot()
    def ask_replace_key(self) -> None:
        """"Trust this key instead…": the survey's signer replaces the trusted key, once confirmed."""
        if self.store.survey is not None and not self.runner.busy:
            self.trusting.ask_replace(self.store.survey)

    @Slot(bool)
    def _key_decided(self, installed: bool) -> None:
        """A key confirmation ended: open the survey again with the key installed; else say so."""
        if installed and self.store.survey is not None:
            self.use_survey(self.store.survey)
        elif self._custody is not None and self._custody.state == "new":
            self.dashboard.set_status(self.tr("The coordinator's key was not confirmed: interviews cannot be "
                                              "recorded with this survey. Open it again once you have the key id."),
                                      error=True)

    @Slot(object, str)
    def _reopen(self, survey: Survey, status: str) -> None:
        """An interview's write failed: open the store again (its writer refuses more)."""
        self.use_survey(survey, status=status)

    @Slot()
    def try_again(self) -> None:
        """"Try again" on the dashboard: open the store again (space was freed, the cause fixed)."""
        if self.store.survey is not None and self.store.station is None and not self.runner.busy:  # not while it opens
            self.dashboard.retry.setEnabled(False)  # until the answer: a fault shown again enables it
            self.use_survey(self.store.survey, status=self.store.failure)

    def _opened(self, opened: Opened | Refused, opening: int) -> None:
        """The store is open; or it is not (:class:`Refused`): say why, under the failed
        interview's line, with Try again, and Export when there is data (it only reads)."""
        from rrdesk.gui import operations
        from rrdesk.gui.operations import Opened, Refused

        if opening != self._opening:  # another survey was chosen meanwhile, or opened again
            if isinstance(opened, Opened):
                operations.close_station(opened.station).run(self.runner)
            return
        if isinstance(opened, Refused):
            self._refused = opened  # the failed interview's line stays in the fault panel, with what to do
            self.dashboard.show_fault(self.store.failure, full=opened.full, exportable=opened.exportable)
            self.dashboard.set_status(self.tr("The data folder cannot be used: {error}").format(error=opened.line),
                                      error=True)
        else:
            self.store.station, self.store.standing = opened.station, opened.standing
            self.dashboard.clear_fault()
            self.dashboard.set_status(self.store.failure, error=bool(self.store.failure))
            if opened.damaged:
                self.dashboard.set_status(self.tr("The data folder held a damaged file; it is kept for "
                                                  "checking (rrdesk verify) and interviews go on."), error=True)
        self._refresh()
        if self.store.station is not None and self.stack.currentWidget() is self.dashboard \
                and not self.dashboard.showing_interrupted():
            self.dashboard.start.setFocus()  # Space or Enter starts the next interview
        self.storeReady.emit()

    def _close_station(self) -> None:
        store = self.store
        station, store.station, store.standing = store.station, None, None
        if station is not None:
            from rrdesk.gui import operations

            operations.close_station(station).run(self.runner)

    def _refresh(self) -> None:
        survey, interviews = self.store.survey, self.interviews
        d, standing = self.dashboard, self.store.standing if self.store.station is not None else None
        if survey is not None:
            d.show_survey(survey, self.data, self._custody)
        last_saved = interviews.last_saved or (standing.last_saved if standing else None)  # else the log's own time
        d.show_counts(interviews.session_saved, standing.begun if standing else None, last_saved)
        d.show_last_export(self.export_flow.last)
        total = len(survey.randomized) if standing and survey else 0  # a station opens for the survey shown
        d.show_interrupted(standing.interrupted if standing else None, total,  # when: its log's last write
                           when=standing.last_saved if standing else None, direct=len(survey.direct) if survey else 0)
        exportable = standing is not None or (self._refused is not None and self._refused.exportable)
        d.set_ready(standing is not None, exportable=exportable)
        interviewing = self.interviewing()
        self.open_action.setEnabled(not interviewing)
        self.export_action.setEnabled(exportable and not interviewing)
        self.results_action.setEnabled(not interviewing)

    # -- export ----------------------------------------------------------------------------------

    @Slot()
    def _ask_export(self) -> None:
        if self.store.survey is not None and self.export_action.isEnabled():
            standing = self.store.standing if self.store.station is not None else None
            self.export_flow.ask(self.data, self.store.survey.id, interviews=standing.begun if standing else None)

    def export_to(self, dest: Path) -> None:
        """Check ``dest`` and write a verified export bundle of this survey there, off the GUI
        thread (a folder on the laptop's own disk only once the interviewer confirms)."""
        assert self.store.survey is not None, "no survey to export"
        standing = self.store.standing if self.store.station is not None else None
        self.export_flow.to(self.data, self.store.survey.id, dest, interviews=standing.begun if standing else None)

    @Slot()
    def show_results(self) -> None:
        """The coordinator's Results window (bundles in, estimates out), in its own window."""
        from rrdesk.gui.results import ResultsWindow  # why: imported when needed; start-up stays quick

        if self.results is None:
            self.results = ResultsWindow(self, lang=self.ui_lang)
        self.results.show()
        self.results.raise_()
        self.results.activateWindow()

    # -- preferences -------------------------------------------------------------------------------

    @Slot(bool)
    def _reduced_motion(self, on: bool) -> None:
        self.prefs.reduced_motion = on

    @Slot(str)
    def set_language(self, code: str) -> None:
        """The interviewer's interface language (remembered)."""
        if not code or code == self.ui_lang:
            return
        self.prefs.language = code
        self.ui_lang = self.interviews.lang = self.translators.use(code)
        old, self.dashboard = self.dashboard, self._dashboard()
        self.interviews.dashboard = self.export_flow.dashboard = self.dashboard
        self._build(old)

    # -- messages and closing ----------------------------------------------------------------------

    def show_message(self, title: str, text: str) -> QMessageBox:
        """A warning that does not block the event loop (tests and the store go on)."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, title, title, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # a file name or a message is never HTML
        box.setInformativeText(text)
        box.open()
        self.message = box
        return box

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.interviewing() and not self._leaving:
            event.ignore()  # why: nothing is closed until the interviewer confirms
            self.interviews.ask_leave(self._leave)
            return
        self.export_flow.finish()
        self.runner.finish()  # a record being written finishes first: it must be durable
        self._close_station()
        self.runner.finish()  # and the store is closed before the window goes
        super().closeEvent(event)

    def _leave(self) -> None:
        self._leaving = True
        QTimer.singleShot(0, self.close)  # why: after the message box has gone
