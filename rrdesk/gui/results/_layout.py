"""The layout of the coordinator's Results window: its widgets, where they go, their style.

No words here: :class:`~rrdesk.gui.results.ResultsWindow` (its actions and state) sets every
text, in the interface language, so the translations stay in its context.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QProgressBar,
    QSizePolicy,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rrdesk.gui.frame import place, scrolling
from rrdesk.gui.results._fieldwork import FieldworkPage
from rrdesk.gui.results._table import CHART, GRID, AxisHeader, Cell, EstimatesModel, IntervalDelegate
from rrdesk.gui.widgets import TOUCH, button, label, margins, on_width, stack_if_narrow

STACK_BELOW = 1100  # why: wider than its choices row side by side (two lists, two buttons, in French too)
TABLE_MIN = 240  # why: a few lines of the table and its scroll bar, even on a 512x300 window (it then scrolls)

# why here, not in style.qss: only this window has tables and lists; the roles are the app's
_STYLE = f"""
QTableView, QListWidget {{ border: 2px solid #000000; selection-background-color: #d6e4f5;
    selection-color: #000000; alternate-background-color: #f1f4f8; }}
QTableView:focus, QListWidget:focus {{ border: 3px solid #ff8c00; }}
QHeaderView::section {{ background: #eef1f5; color: #000000; font-weight: bold; padding: 4px 8px;
    border: none; border-bottom: 2px solid #000000; border-right: 1px solid {GRID}; }}
QListWidget::item {{ padding: 6px; }}
QTableView::item {{ padding-left: 6px; padding-right: 6px; }}
QLabel[role="done"] {{ font-weight: bold; color: #0a5c1f; }}
QLabel[role="verdict"] {{ font-size: 20px; font-weight: bold; color: #0a5c1f; }}
QTabBar::tab {{ padding: 8px 18px; }}
"""


class ResultsLayout(QWidget):
    """The Results window's widgets, laid out: choices and actions on top, a status line, the
    summary, then three tabs (the estimates table with its detail line; the problems list; the
    fieldwork: interviewers, their flags, the laptops)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("results")
        frame = QVBoxLayout(self)
        frame.setContentsMargins(0, 0, 0, 0)
        body = QWidget()
        outer = self._outer = QVBoxLayout(body)
        outer.setSpacing(10)
        frame.addWidget(scrolling(body))  # a small window scrolls the whole view, never cuts it
        self.title = label("", "subtitle")
        outer.addWidget(self.title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(8)
        self.open_bundles, self.choose_identity = button("", "quiet"), button("", "quiet")
        self.bundles_text, self.identity_text = label("", "hint"), label("", "hint")
        grid.addWidget(self.open_bundles, 0, 0)
        grid.addWidget(self.bundles_text, 0, 1, 1, 5)
        grid.addWidget(self.choose_identity, 1, 0)
        grid.addWidget(self.identity_text, 1, 1, 1, 5)
        self.survey_label, self.split_label = label("", "body"), label("", "body")
        self.survey_choice, self.split = QComboBox(), QComboBox()
        row = self._choices = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        row.setSpacing(12)
        for lab, combo, stretch in ((self.survey_label, self.survey_choice, 5), (self.split_label, self.split, 2)):
            lab.setWordWrap(False)
            lab.setBuddy(combo)
            combo.setMinimumHeight(TOUCH)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
            combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            pair = QHBoxLayout()
            pair.addWidget(lab)
            pair.addWidget(combo, 1)
            row.addLayout(pair, stretch)
        self.compute_button, self.save_button = button(""), button("", "quiet")
        actions = QHBoxLayout()
        actions.addWidget(self.compute_button)
        actions.addWidget(self.save_button)
        row.addLayout(actions)
        outer.addLayout(grid)
        outer.addLayout(row)
        status_row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # busy, until the collection says how many records it plans
        self.progress.setTextVisible(False)
        self.progress.setFixedWidth(160)
        self.progress.hide()
        self.status = label("", "hint")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cancel_button = button("", "quiet")  # stops a long computation: nothing is written
        self.cancel_button.hide()
        status_row.addWidget(self.progress)
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.cancel_button)
        outer.addLayout(status_row)
        self.summary, self.verdict = label("", "figure"), label("", "status")
        summary_row = self._summary_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        summary_row.setSpacing(24)
        summary_row.addWidget(self.summary, 1)
        summary_row.addWidget(self.verdict, 1)
        outer.addLayout(summary_row)

        self.tabs = QTabWidget()
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 8, 0, 0)
        self.model = EstimatesModel(self)
        self.table = QTableView()
        self.table.setHorizontalHeader(AxisHeader(Qt.Orientation.Horizontal, self.table))
        self.table.setModel(self.model)
        self.table.setItemDelegate(Cell(self.table))
        self.table.setItemDelegateForColumn(CHART, IntervalDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # why: Tab leaves the table; arrows move inside it
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(36)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(CHART, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(48)
        header.setHighlightSections(False)
        self.legend = QLabel()  # above the table (a corner of the tab bar would cut it on a narrow window)
        self.legend.setTextFormat(Qt.TextFormat.RichText)  # our own translated words, escaped
        self.legend.setWordWrap(True)
        self.legend.setProperty("role", "hint")
        column.addWidget(self.legend)
        column.addWidget(self.table, 1)
        self.detail = label("", "body")
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setMinimumHeight(56)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.detail)
        self.problems = QListWidget()
        self.problems.setWordWrap(True)
        self.problems.setAlternatingRowColors(True)
        self.tabs.addTab(page, "")
        problems_page = QWidget()
        problems_column = QVBoxLayout(problems_page)
        problems_column.setContentsMargins(0, 8, 0, 0)
        self.problems_hint = label("", "hint")
        problems_column.addWidget(self.problems_hint)
        problems_column.addWidget(self.problems, 1)
        custody_row = QHBoxLayout()  # a laptop not enrolled: enroll it, or use its records knowingly
        self.enroll_laptop = button("", "quiet")
        self.use_unverified = button("", "quiet")
        self.count_synthetic = button("", "quiet")  # interviews rrdesk simulate made: count them knowingly
        for w in (self.enroll_laptop, self.use_unverified, self.count_synthetic):
            w.hide()
            custody_row.addWidget(w)
        custody_row.addStretch(1)
        problems_column.addLayout(custody_row)
        self.tabs.addTab(problems_page, "")
        self.fieldwork = FieldworkPage()  # who sent what and when, the interviewer checks, the laptops
        self.tabs.addTab(self.fieldwork, "")
        self.tabs.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.table.setMinimumHeight(TABLE_MIN)
        outer.addWidget(self.tabs, 1)

        self.setStyleSheet(_STYLE)
        on_width(self, self._arrange)
        place(self)  # maximized on a small screen, centred on a large one

    def _arrange(self, width: int) -> None:
        """Side by side on a wide window; one above the other on a narrow one."""
        side, top = margins(width)
        self._outer.setContentsMargins(side, top // 2 + 8, side, top // 2 + 8)
        stack_if_narrow(self._choices, width, STACK_BELOW)
        stack_if_narrow(self._summary_row, width, STACK_BELOW)
