"""The interviewer's dashboard: which survey, how much is saved, disk space, start, export.

When the data folder cannot be used for interviews (a full disk, a damaged side file,
another window), a panel says why, in the full line and in plain words, with "Try again";
no later status line covers it, and Export stays available whenever there is data.

It only shows what the window tells it and sends the interviewer's actions back as
signals; it never touches the store itself. It never shows an answer: the interviewer
sees counts, times of saves, and "Interview N saved".
"""
from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, QDateTime, QLocale, Qt, QTime, Signal
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QProgressBar,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)

from rrdesk.app.trust import key_code, short_recipient
from rrdesk.core.survey import Survey
from rrdesk.gui.i18n import language_name
from rrdesk.gui.interviewer import InterviewerChooser
from rrdesk.gui.widgets import TOUCH, breakable, button, label, margins, on_width, stack_if_narrow, wrappable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QPushButton

    from rrdesk.app.interviews import Interrupted
    from rrdesk.app.trust import Custody

STACK_BELOW = 900  # why: wider than any of its rows side by side (in French too), so they stack when short
LOW_DISK = 200 * 1000 * 1000  # why: ~200,000 records of 1 KB; below this an export may not fit either


def free_space(folder: Path) -> int | None:
    """Free bytes on the disk that holds ``folder`` (or its nearest existing parent)."""
    path = Path(folder)
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        return shutil.disk_usage(path).free
    except OSError:
        return None


class TickBox(QCheckBox):
    """A check box whose checked box shows a tick, not only a fill (style.qss fills the box; a
    tick says "on" to whoever does not know that a filled box means it, and in greyscale)."""

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        if not self.isChecked():
            return
        # why here: only a ticked box draws one, and Qt makes QPainter's enums when it is first named
        from PySide6.QtCore import QPointF, QRectF
        from PySide6.QtGui import QColor, QPainter, QPen

        option = QStyleOptionButton()
        self.initStyleOption(option)
        box = QRectF(self.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, self))
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#ffffff"), max(3.0, box.width() / 7), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        w, h, x, y = box.width(), box.height(), box.x(), box.y()
        p.drawPolyline([QPointF(x + w * 0.22, y + h * 0.52), QPointF(x + w * 0.42, y + h * 0.72),
                        QPointF(x + w * 0.78, y + h * 0.30)])
        p.end()


class _FaultPanel(QFrame):
    """Why the data folder cannot be used (``fault``: a failed interview's line, naming the
    file), what to do in plain words (``hint``), and Try again (``retry``)."""

    def __init__(self, parent: QWidget, retry: str) -> None:
        super().__init__(parent)
        self.setObjectName("fault")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.fault = label("", "error")
        self.fault.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hint = label("", "subtitle")
        column.addWidget(self.fault)
        column.addWidget(self.hint)
        row = QHBoxLayout()
        self.retry = button(retry)
        row.addWidget(self.retry)
        row.addStretch(1)
        column.addLayout(row)


class _ResumePanel(QFrame):
    """The interrupted interview (``text``), with Continue (``resume``) and Close it (``close_it``)."""

    def __init__(self, parent: QWidget, resume: str, close_it: str) -> None:
        super().__init__(parent)
        self.setObjectName("resume")
        column = QVBoxLayout(self)
        self.text = label("", "subtitle")
        column.addWidget(self.text)
        row = QHBoxLayout()
        self.resume = button(resume)
        self.close_it = button(close_it, "quiet")
        row.addWidget(self.resume)
        row.addWidget(self.close_it)
        row.addStretch(1)
        column.addLayout(row)


class Dashboard(QWidget):
    """What the interviewer sees between interviews."""

    startRequested = Signal()
    continueRequested = Signal()
    closeRequested = Signal()
    exportRequested = Signal()
    retryRequested = Signal()
    openRequested = Signal()
    replaceKeyRequested = Signal()  # "Trust this key instead…" on a survey signed by another key
    reducedMotionChanged = Signal(bool)
    languageChanged = Signal(str)
    interviewerChanged = Signal(str)

    def __init__(self, languages: tuple[str, ...], current: str, reduced_motion: bool,
                 parent: QWidget | None = None, *, interviewer: str | None = None) -> None:
        super().__init__(parent)
        self._ready = False
        self.setObjectName("dashboard")
        outer = self._outer = QVBoxLayout(self)
        outer.setSpacing(14)

        top = self._top = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        heading = QVBoxLayout()
        self.title = label("", "title")
        self.details = label("", "hint")
        self.custody = label("", "hint")  # who signed the survey, to whom answers are sealed
        self.custody.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        heading.addWidget(self.title)
        heading.addWidget(self.details)
        heading.addWidget(self.custody)
        top.addLayout(heading, 1)
        self.open = button(self.tr("Open survey…"), "quiet")
        self.open.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # why: the first focus goes to Start
        top.addWidget(self.open, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        outer.addLayout(top)

        self.unsigned = label("", "banner")  # an unsigned survey (the demo): never unnoticed
        self.unsigned.hide()
        outer.addWidget(self.unsigned)
        self.replace_key = button(self.tr("Trust this key instead…"), "quiet")  # deliberate: confirmed
        self.replace_key.hide()
        self.replace_key.clicked.connect(self.replaceKeyRequested)
        outer.addWidget(self.replace_key, 0, Qt.AlignmentFlag.AlignLeft)

        self.status = label("", "status")
        self.status.hide()
        outer.addWidget(self.status)

        # the fault panel (the data folder cannot be used: why, what to do, Try again) and the
        # interrupted interview's panel (Continue, Close it) are made when first shown, under the
        # status line: most starts show neither (:meth:`_fault_panel`, :meth:`_resume_panel`)
        self._fault: _FaultPanel | None = None
        self._resume: _ResumePanel | None = None
        self._interviewer_ok = False

        columns = self._columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        columns.setSpacing(24)
        grid = QGridLayout()
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(10)
        self.session_count = label("", "figure")
        self.total_count = label("", "figure")
        self.last_saved = label("", "figure")
        self.last_export = label(self.tr("not yet"), "figure")
        self.disk = label("", "figure")
        self.folder = label("", "hint")
        self.folder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        rows = [(self.tr("Saved in this session"), self.session_count),
                (self.tr("On this laptop (this survey)"), self.total_count),
                (self.tr("Last answer saved"), self.last_saved),
                (self.tr("Last export (this session)"), self.last_export),
                (self.tr("Free disk space"), self.disk),
                (self.tr("Data folder"), self.folder)]
        grid.addWidget(label(self.tr("Interviews"), "subtitle"), 0, 0, 1, 2)
        for i, (name, value) in enumerate(rows, start=1):
            grid.addWidget(label(name, "body"), i, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(value, i, 1, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(1, 1)
        stats = QVBoxLayout()
        stats.addLayout(grid)
        self.disk_warning = label(self.tr("Low disk space: export the data to a USB stick and free some space "
                                          "before the next interview."), "error")
        self.disk_warning.hide()
        stats.addWidget(self.disk_warning)
        stats.addStretch(1)
        columns.addLayout(stats, 1)

        actions = QVBoxLayout()
        actions.setSpacing(14)
        self.interviewer = InterviewerChooser(interviewer)  # required before Start (rrdesk/gui/interviewer.py)
        self.interviewer.changed.connect(self._interviewer_changed)
        actions.addWidget(self.interviewer)
        self.start = button(self.tr("Start interview"), "start")
        self.start.setMinimumHeight(TOUCH + 32)
        self.start.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        actions.addWidget(self.start)
        self.export = button(self.tr("Export to…"), "quiet")
        self.export.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        actions.addWidget(self.export)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # busy: export has no progress callback
        self.progress.setTextVisible(False)
        self.progress.setAccessibleName(self.tr("Export in progress"))
        self.progress.hide()
        actions.addWidget(self.progress)
        self.export_result = label("", "hint")
        self.export_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.export_result.hide()
        actions.addWidget(self.export_result)
        actions.addStretch(1)
        columns.addLayout(actions, 1)
        outer.addLayout(columns, 1)

        prefs = self._prefs = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.reduced_motion = TickBox(self.tr("Reduce spinner motion"))
        self.reduced_motion.setChecked(reduced_motion)
        self.reduced_motion.setMinimumHeight(TOUCH)
        prefs.addWidget(self.reduced_motion, 0, Qt.AlignmentFlag.AlignLeft)  # why: its box is what a tap hits
        prefs.addStretch(1)
        language = QHBoxLayout()
        language_label = label(self.tr("Interviewer language:"), "body")
        language.addWidget(language_label, 1)
        self.language = QComboBox()
        self.language.setMinimumHeight(TOUCH)
        self.language.setAccessibleName(self.tr("Interviewer language"))
        for code in languages:
            self.language.addItem(language_name(code), code)
        self.language.setCurrentIndex(max(0, self.language.findData(current)))
        language.addWidget(self.language)
        prefs.addLayout(language)
        outer.addLayout(prefs)
        on_width(self, self._arrange)

        self.start.clicked.connect(self.startRequested)
        self.export.clicked.connect(self.exportRequested)
        self.open.clicked.connect(self.openRequested)
        self.reduced_motion.toggled.connect(self.reducedMotionChanged)
        self.language.currentIndexChanged.connect(
            lambda i: self.languageChanged.emit(self.language.itemData(i)))
        self.setFocusProxy(self.start)

    # -- the panels made when first shown ------------------------------------------------------

    def _fault_panel(self) -> _FaultPanel:
        if self._fault is None:
            panel = self._fault = _FaultPanel(self, self.tr("Try again"))
            panel.hide()
            self._outer.insertWidget(self._outer.indexOf(self.status) + 1, panel)
            QWidget.setTabOrder(self.replace_key, panel.retry)  # why: made last, Tab would reach it last
            panel.retry.clicked.connect(self.retryRequested)
        return self._fault

    def _resume_panel(self) -> _ResumePanel:
        if self._resume is None:
            panel = self._resume = _ResumePanel(self, self.tr("Continue"), self.tr("Close it"))
            panel.hide()
            above = self._fault if self._fault is not None else self.status
            self._outer.insertWidget(self._outer.indexOf(above) + 1, panel)
            QWidget.setTabOrder(self._fault.retry if self._fault is not None else self.replace_key, panel.resume)
            QWidget.setTabOrder(panel.resume, panel.close_it)
            panel.resume.setEnabled(self._interviewer_ok)
            panel.close_it.setEnabled(self._interviewer_ok)
            panel.resume.clicked.connect(self.continueRequested)
            panel.close_it.clicked.connect(self.closeRequested)
        return self._resume

    def showing_interrupted(self) -> bool:
        """Whether the interrupted interview's panel is shown (made or not)."""
        return self._resume is not None and not self._resume.isHidden()

    @property
    def fault_panel(self) -> QFrame:
        """Why the data folder cannot be used and what to do, with Try again (hidden until then)."""
        return self._fault_panel()

    @property
    def fault(self) -> QLabel:
        return self._fault_panel().fault

    @property
    def fault_hint(self) -> QLabel:
        return self._fault_panel().hint

    @property
    def retry(self) -> QPushButton:
        return self._fault_panel().retry

    @property
    def resume_panel(self) -> QFrame:
        """The interrupted interview, with Continue and Close it (hidden while there is none)."""
        return self._resume_panel()

    @property
    def resume_text(self) -> QLabel:
        return self._resume_panel().text

    @property
    def resume(self) -> QPushButton:
        return self._resume_panel().resume

    @property
    def close_it(self) -> QPushButton:
        return self._resume_panel().close_it

    def _arrange(self, width: int) -> None:
        """Side by side on a wide window; one above the other on a narrow one."""
        side, top = margins(width)
        self._outer.setContentsMargins(side, top, side, top)
        for row in (self._top, self._columns, self._prefs):
            stack_if_narrow(row, width, STACK_BELOW)

    # -- what the window tells it ------------------------------------------------------------

    def show_survey(self, survey: Survey, data: Path, custody: Custody | None = None) -> None:
        """The survey's title and figures, its data folder, and with ``custody`` its signer and
        recipients (an unsigned survey, or one whose signature fails: the banner says so);
        without it (None), that its signature is being checked."""
        self.title.setText(survey.title)
        if custody is not None:
            self.show_custody(custody)
        else:  # its signature is being checked: never "signed" before it is
            self.custody.setText(self.tr("Checking the survey's signature…") + " " + self._sealed_to(
                short_recipient(r) for r in survey.recipients))
            self.unsigned.hide()
        self.details.setText(self.tr("{file} · languages: {languages} · ε per respondent: {epsilon} "
                                     "(cap {cap})").format(
            file=survey.path, languages=", ".join(language_name(c) for c in survey.languages),
            epsilon=QLocale().toString(survey.epsilon_per_respondent, "f", 2),
            cap=QLocale().toString(survey.max_epsilon, "g", 6)))
        self.interviewer.set_survey(survey)
        self.folder.setText(breakable(str(data)))  # a long path wraps instead of widening the window
        self.folder.setToolTip(str(data))
        self.refresh_disk(data)

    def show_custody(self, custody: Custody) -> None:
        """Who signed the survey and what this laptop may do with it (:class:`~rrdesk.app.trust.Custody`):
        the banner says why when interviews are not recorded (practice only, another key)."""
        key = key_code(custody.signer) if custody.signer else ""
        trusted = key_code(custody.trusted) if custody.trusted else ""
        signer = (self.tr("Signed by the coordinator's key {key}.").format(key=key) if custody.state == "trusted"
                  else self.tr("Signed by key {key}, not yet confirmed on this laptop.").format(key=key)
                  if custody.state == "new" else self.tr("Signed by key {key}.").format(key=key) if key
                  else self.tr("Not signed."))
        self.custody.setText(signer + " " + self._sealed_to(custody.recipients))
        if custody.problem:
            self.unsigned.setText(wrappable(self.tr("The survey's signature cannot be trusted: {problem}").format(
                problem=custody.problem)))
        elif custody.state == "practice":
            self.unsigned.setText(wrappable(self.tr(
                "PRACTICE ONLY — this file is not signed, and this laptop trusts the coordinator's key {trusted}. "
                "Interviews cannot be recorded with it: ask the coordinator for the signed file (with its "
                ".minisig beside it).").format(trusted=trusted)))
        elif custody.state == "other":
            self.unsigned.setText(wrappable(self.tr(
                "NOT THE COORDINATOR'S FILE — it is signed by key {key}, but this laptop trusts the coordinator's "
                "key {trusted}. Interviews cannot be recorded with it. Only if the coordinator told you their key "
                "changed, and gave you the new key id: Trust this key instead…").format(key=key, trusted=trusted)))
        elif custody.state == "new":
            self.unsigned.setText(wrappable(self.tr(
                "Compare key {key} with the key id the coordinator gave you before recording interviews.").format(
                key=key)))
        elif custody.signer is None:
            self.unsigned.setText(self.tr("UNSIGNED SURVEY — nothing proves this file is the coordinator's. "
                                          "Use it for practice only; for real interviews ask the coordinator "
                                          "for the signed file (with its .minisig beside it)."))
        self.unsigned.setVisible(custody.state != "trusted" or bool(custody.problem))
        self.replace_key.setVisible(custody.state == "other" and not custody.problem)

    def _sealed_to(self, recipients: Iterable[str]) -> str:
        return self.tr("Answers are sealed to: {recipients}").format(recipients=", ".join(recipients))

    def show_counts(self, session: int, total: int | None, last_saved: dt.datetime | None) -> None:
        locale = QLocale()  # the interviewer's language (i18n.Translators): its digits and date order
        self.session_count.setText(locale.toString(session))
        self.total_count.setText("—" if total is None else locale.toString(total))
        if last_saved is None:
            self.last_saved.setText(self.tr("nothing saved yet"))
        else:
            short = QLocale.FormatType.ShortFormat
            clock = QTime(last_saved.hour, last_saved.minute)
            when = QDateTime(QDate(last_saved.year, last_saved.month, last_saved.day), clock)
            today = last_saved.date() == dt.date.today()
            self.last_saved.setText(locale.toString(clock, short) if today else locale.toString(when, short))

    def refresh_disk(self, data: Path) -> None:
        free = free_space(data)
        if free is None:
            self.disk.setText(self.tr("unknown"))
        elif free >= 1e9:
            self.disk.setText(self.tr("{size} GB").format(size=QLocale().toString(free / 1e9, "f", 1)))
        else:
            self.disk.setText(self.tr("{size} MB").format(size=QLocale().toString(round(free / 1e6))))
        self.disk_warning.setVisible(free is not None and free < LOW_DISK)

    def set_status(self, line: str, *, error: bool = False) -> None:
        self.status.setText(wrappable(line))  # a path in it wraps, never widens the window
        role = "error" if error else "status"
        if self.status.property("role") != role:  # the style sheet applied again only for a new role
            self.status.setProperty("role", role)
            self.status.style().unpolish(self.status)
            self.status.style().polish(self.status)
        self.status.setVisible(bool(line))

    def set_ready(self, ready: bool, *, exportable: bool | None = None) -> None:
        """Start needs an open store and an interviewer id (with an interview interrupted, Start
        first asks to close it); export needs data to export (by default: an open store),
        whether or not the store is open."""
        self._ready = ready
        self.start.setEnabled(ready and bool(self.interviewer.current))
        self.export.setEnabled((ready if exportable is None else exportable) and self.progress.isHidden())

    def _interviewer_changed(self, value: str) -> None:
        self._interviewer_ok = bool(value)
        self.start.setEnabled(self._ready and bool(value))
        if self._resume is not None:
            self._resume.resume.setEnabled(bool(value))
            self._resume.close_it.setEnabled(bool(value))
        self.interviewerChanged.emit(value)

    def show_fault(self, earlier: str, *, full: str | None, exportable: bool) -> None:
        """The data folder cannot be used for interviews (the status line says why): keep
        ``earlier`` (a failed interview's line, naming the file; may be "") and say what to do
        -- ``full``, the plain words of a full disk, or else the words here -- with "Try
        again". It stays until :meth:`clear_fault`: no status line covers it."""
        if full:
            hint = full
        elif exportable:
            hint = self.tr("No interview can be recorded until this is fixed; the data can still be exported. "
                           "Fix the cause, then tap Try again.")
        else:
            hint = self.tr("No interview can be recorded until this is fixed. Fix the cause, then tap Try again.")
        self.fault.setText(wrappable(earlier))
        self.fault.setVisible(bool(earlier))
        self.fault_hint.setText(hint)
        self.fault_panel.show()
        self.retry.setEnabled(True)
        self.retry.setFocus()

    def clear_fault(self) -> None:
        if self._fault is None:
            return
        self._fault.hide()
        self._fault.fault.setText("")
        self._fault.hint.setText("")

    def show_interrupted(self, stopped: Interrupted | None, total_questions: int, *,
                         when: dt.datetime | None = None, direct: int = 0) -> None:
        """The interrupted interview: when it stopped (``when``, said roughly: the interviewer
        finds the respondent again by it; this is the interviewer's screen only), where, how many
        direct answers it holds, and Continue or Close it."""
        if stopped is None:
            if self._resume is not None:
                self._resume.hide()
            return
        done = len(stopped.recorded)
        parts = [(self.tr("Interview {number} stopped {when} after question {done} of {total}.") if done else
                  self.tr("Interview {number} stopped {when} before its first question."))
                 if when is not None else
                 (self.tr("Interview {number} stopped after question {done} of {total}.") if done else
                  self.tr("Interview {number} stopped before its first question."))]
        if direct:
            parts.append(self.tr("Its direct answers are saved ({count}); they are not asked again.").format(
                count=QLocale().toString(direct)))
        if stopped.spun_unanswered is not None:  # its outcome may have been seen: never asked again
            parts.append(self.tr("Question {done} was spun but not answered; it is recorded as not answered "
                                 "and will not be asked again."))
        if stopped.next_question is None:
            parts.append(self.tr("No question is left: close it."))
        else:
            parts.append(self.tr("Continue it with the same respondent (question {next} comes next), "
                                 "or close it."))
        self.resume_text.setText(" ".join(parts).format(number=stopped.number, done=done, total=total_questions,
                                                        next=done + 1, when=self.roughly(when)))
        self.resume.setVisible(stopped.next_question is not None)
        self.resume_panel.show()
        (self.resume if stopped.next_question is not None else self.close_it).setFocus()

    def roughly(self, when: dt.datetime | None, now: dt.datetime | None = None) -> str:
        """``when`` as a person says it: "today at about 14:10", "yesterday at about 9:00", "on
        Monday at about 16:30" within a week, else "on 3 November at about 11:20" (the time to
        the nearest 5 minutes, in the interviewer's language); "" for None."""
        if when is None:
            return ""
        now = now or dt.datetime.now()
        rounded = when + dt.timedelta(minutes=2, seconds=30)
        rounded = rounded.replace(minute=rounded.minute - rounded.minute % 5, second=0, microsecond=0)
        locale = QLocale()
        clock = locale.toString(QTime(rounded.hour, rounded.minute), QLocale.FormatType.ShortFormat)
        days = (now.date() - when.date()).days
        if days == 0:
            return self.tr("today at about {time}").format(time=clock)
        if days == 1:
            return self.tr("yesterday at about {time}").format(time=clock)
        if 1 < days < 7:
            return self.tr("on {day} at about {time}").format(day=locale.dayName(when.isoweekday()), time=clock)
        date = locale.toString(QDate(when.year, when.month, when.day), QLocale.FormatType.LongFormat)
        return self.tr("on {date} at about {time}").format(date=date, time=clock)

    def export_running(self) -> None:
        self.export.setEnabled(False)
        self.progress.show()
        self.export_result.setText(self.tr("Exporting and checking the copy…"))
        self.export_result.setProperty("role", "hint")
        self.export_result.show()

    def show_last_export(self, when: dt.datetime | None) -> None:
        """When the last export succeeded (this session; the laptop keeps no time in its settings)."""
        if when is None:
            self.last_export.setText(self.tr("not yet"))
            return
        locale = QLocale()
        clock = locale.toString(QTime(when.hour, when.minute), QLocale.FormatType.ShortFormat)
        self.last_export.setText(self.tr("today at {time}").format(time=clock) if when.date() == dt.date.today()
                                 else locale.toString(QDateTime(QDate(when.year, when.month, when.day),
                                                                QTime(when.hour, when.minute)),
                                                      QLocale.FormatType.ShortFormat))

    def export_cancelled(self) -> None:
        """The export was not made (another folder is being chosen): no line, Export again."""
        self.progress.hide()
        self.export.setEnabled(True)
        self.export_result.setText("")
        self.export_result.hide()

    def export_done(self, text: str, *, error: bool) -> None:
        self.progress.hide()
        self.export.setEnabled(True)
        self.export_result.setText(wrappable(text))
        self.export_result.setProperty("role", "error" if error else "status")
        self.export_result.style().unpolish(self.export_result)
        self.export_result.style().polish(self.export_result)
        self.export_result.show()
