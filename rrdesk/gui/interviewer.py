"""Who is interviewing: the dashboard's interviewer id, chosen before an interview starts.

ODK Collect and SurveyCTO ask for the enumerator once per device and remember it; so does
this: the id is kept in the laptop's settings (it is not sensitive: it names the interviewer,
never a respondent or an answer). A survey that lists its interviewers (``interviewers`` in
``[survey]``) offers that list; otherwise the interviewer types their id. Either way the id
must be one the records accept (:data:`rrdesk.core.survey._study.IDENT`), and Start stays off
until there is one.
"""
from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal, Slot
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QWidget

from rrdesk.core.survey import Survey, is_ident
from rrdesk.gui.widgets import TOUCH, label

#: What a typed id may contain while it is typed (the records' rule: rrdesk.core.survey._study)
_TYPED = QRegularExpression(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")


class InterviewerChooser(QWidget):
    """The interviewer's id: a list to choose from, or a box to type in.

    Signals
    -------
    changed(str)
        The id changed: a valid id, or "" when there is none (Start is then off).
    """

    changed = Signal(str)

    def __init__(self, remembered: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("interviewer")
        self._remembered = remembered or ""
        self._survey_list: tuple[str, ...] | None = None
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.caption = label(self.tr("Interviewer:"), "body")
        row.addWidget(self.caption)
        self._choices: QComboBox | None = None  # the survey's list: made for the first survey that has one
        self.typed = QLineEdit()
        self.typed.setMinimumHeight(TOUCH)
        self.typed.setMaxLength(32)
        self.typed.setValidator(QRegularExpressionValidator(_TYPED, self.typed))
        self.typed.setPlaceholderText(self.tr("Your interviewer id"))
        self.typed.setAccessibleName(self.tr("Interviewer"))
        row.addWidget(self.typed, 1)
        self.caption.setBuddy(self.typed)
        self.typed.textChanged.connect(self._typed)

    @property
    def choices(self) -> QComboBox:
        """The list of the survey's interviewers (hidden while the survey lists none). Why made
        when first needed: most surveys list none, and a combo box is a millisecond of the first
        window."""
        if self._choices is None:
            box = self._choices = QComboBox()
            box.setMinimumHeight(TOUCH)
            box.setAccessibleName(self.tr("Interviewer"))
            box.hide()
            row = self.layout()
            assert isinstance(row, QHBoxLayout)
            row.insertWidget(1, box, 1)  # where the typed id is, which it replaces
            before = self.typed.previousInFocusChain()  # why: made last, Tab would reach it last
            while before is not None and before.focusPolicy() == Qt.FocusPolicy.NoFocus and before is not self.window():
                before = before.previousInFocusChain()  # (Qt orders only widgets that take focus)
            if before is not None:
                QWidget.setTabOrder(before, box)
            box.currentIndexChanged.connect(self._picked)
        return self._choices

    def set_survey(self, survey: Survey) -> None:
        """Offer ``survey``'s interviewers (or a box to type in), keeping the remembered id
        when it is still one the survey accepts."""
        if survey.interviewers == self._survey_list:
            return
        self._survey_list = survey.interviewers
        listed = bool(survey.interviewers)
        self.typed.setVisible(not listed)
        if listed or self._choices is not None:
            box = self.choices
            box.setVisible(listed)
            box.blockSignals(True)
            box.clear()
            box.addItem(self.tr("Choose…"), "")
            for name in survey.interviewers:
                box.addItem(name, name)
            box.blockSignals(False)
        self.caption.setBuddy(self.choices if listed else self.typed)
        if listed:
            at = self.choices.findData(self._remembered) if self._remembered in survey.interviewers else 0
            self.choices.setCurrentIndex(max(at, 0))
            self._picked()
        else:
            self.typed.setText(self._remembered)
            self._typed(self.typed.text())

    @property
    def current(self) -> str:
        """The chosen id, or "" when none is chosen yet."""
        value = (self.choices.currentData() or "") if self._survey_list else self.typed.text()
        return value if is_ident(value) else ""

    @Slot()
    def _picked(self) -> None:
        self._emit(self.choices.currentData() or "")

    @Slot(str)
    def _typed(self, text: str) -> None:
        self._emit(text)

    def _emit(self, value: str) -> None:
        value = value if is_ident(value) else ""
        if value:
            self._remembered = value
        self.changed.emit(value)
