"""The Results view's Fieldwork tab: who sent what and when, the interviewer checks' flags, the
laptops and their custody -- counts only, never an answer.

A thin adapter over :class:`rrdesk.core.fieldwork.Fieldwork` (what ``rrdesk aggregate --json``
calls ``fieldwork``): a table with one line per interviewer and a bar per day of the fieldwork
drawn in it (one scale for all, as the report's charts), the flags in words, and one line per
laptop.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QListWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from rrdesk.core.fieldwork import Fieldwork, Interviewer
from rrdesk.gui.results._table import DOT, GRID
from rrdesk.gui.widgets import label, on_width

WHO, LAPTOPS, DAYS, BEGUN, COMPLETED, STOPPED, REFUSED, FLAGS, PER_DAY = range(9)
NARROW = 900  # why: under this width the laptops, days, stopped and refused columns give way to the bars
SPARE = (LAPTOPS, DAYS, STOPPED, REFUSED)  # the columns a narrow window hides (the report and the CSV keep them)
BARS_MIN = 160  # why: room for a fortnight's bars
BARS = Qt.ItemDataRole.UserRole + 2  # a row's interviews per calendar day, and the tallest day of all


class InterviewersModel(QAbstractTableModel):
    """One row per interviewer: laptops, days worked, counts, flags, and the days' bars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Interviewer] = []
        self.days: list[str] = []
        self.top = 1

    def show(self, work: Fieldwork | None) -> None:
        self.beginResetModel()
        self.rows = list(work.interviewers) if work is not None else []
        self.days = _days(work.first_day, work.last_day) if work is not None else []
        self.top = max((n for i in self.rows for _, n in i.per_day), default=1)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else PER_DAY + 1

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt's name
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("Interviewer"), self.tr("Laptops"), self.tr("Days"), self.tr("Begun"), self.tr("Completed"),
                self.tr("Stopped"), self.tr("Refused"), self.tr("Flags"), self.tr("Per day"))[section]

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        i = self.rows[index.row()]
        c, col = i.counts, index.column()
        if role == BARS and col == PER_DAY:
            per = dict(i.per_day)
            return [per.get(d, 0) for d in self.days], self.top
        if role == Qt.ItemDataRole.ToolTipRole and col == PER_DAY:
            return "\n".join(f"{d}: {n}" for d, n in i.per_day)
        if role == Qt.ItemDataRole.ForegroundRole and col == FLAGS and i.flags:
            return QColor("#8a4f00")
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (WHO, LAPTOPS, PER_DAY):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return {WHO: i.id or "—", LAPTOPS: ", ".join(i.laptops), DAYS: str(len(i.per_day)), BEGUN: str(c.started),
                COMPLETED: str(c.completed), STOPPED: str(c.stopped), REFUSED: str(c.refused),
                FLAGS: f"⚑ {len(i.flags)}" if i.flags else "0", PER_DAY: ""}.get(col)


class DayBars(QStyledItemDelegate):
    """Interviews begun on each day of the fieldwork, as bars (one scale for every row)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        style = option.widget.style() if option.widget is not None else None
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        found = index.data(BARS)
        if not found:
            return
        counts, top = found
        rect = QRectF(option.rect).adjusted(6, 5, -6, -5)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(GRID))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(DOT))
        width = rect.width() / max(len(counts), 1)
        for k, n in enumerate(counts):
            if n:
                h = rect.height() * n / max(top, 1)
                painter.drawRect(QRectF(rect.left() + k * width + width * 0.15, rect.bottom() - h,
                                        max(width * 0.7, 1.0), h))
        painter.restore()


class FieldworkPage(QWidget):
    """The tab's widgets: a summary line, the interviewers' table, the flags, the laptops."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 8, 0, 0)
        self.summary = label("", "body")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.summary)
        self.model = InterviewersModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegateForColumn(PER_DAY, DayBars(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(40)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(PER_DAY, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(48)
        header.setHighlightSections(False)
        self.table.setMinimumHeight(150)
        column.addWidget(self.table, 2)
        on_width(self, self._arrange)
        self.checks_hint = label("", "hint")
        column.addWidget(self.checks_hint)
        self.flags = QListWidget()
        self.flags.setWordWrap(True)
        self.flags.setAlternatingRowColors(True)
        self.flags.setMinimumHeight(120)
        column.addWidget(self.flags, 2)
        self.laptops = QListWidget()
        self.laptops.setWordWrap(True)
        self.laptops.setMinimumHeight(80)
        column.addWidget(self.laptops, 1)
        self.work: Fieldwork | None = None
        self.show_work(None)

    def _arrange(self, width: int) -> None:
        """Every column on a wide window; on a narrow one (a small screen at 200 %) the bars keep
        their room and the spare columns go."""
        for col in SPARE:
            self.table.setColumnHidden(col, width < NARROW)
        self.table.horizontalHeader().setMinimumSectionSize(48)
        self.table.setColumnWidth(PER_DAY, max(self.table.columnWidth(PER_DAY), BARS_MIN))

    def show_work(self, work: Fieldwork | None) -> None:
        self.work = work
        self.model.show(work)
        self.flags.clear()
        self.laptops.clear()
        self.table.setAccessibleName(self.tr("Interviewers"))
        self.flags.setAccessibleName(self.tr("Interviewer checks"))
        self.laptops.setAccessibleName(self.tr("Laptops"))
        if work is None:
            self.summary.setText(self.tr("Compute to see who sent what and when."))
            self.checks_hint.setText("")
            return
        p = work.progress
        begun = sum(i.counts.started for i in work.interviewers)
        line = self.tr("{first} – {last}: {begun} interviews begun, {completed} completed.").format(
            first=work.first_day, last=work.last_day, begun=begun, completed=p.completed)
        if p.share is not None:
            line += " " + self.tr("{completed} of {planned} planned ({share} %).").format(
                completed=p.completed, planned=p.planned, share=f"{100 * p.share:.0f}")
        if p.groups:
            line += " " + self.tr("By {by}: {groups}.").format(by=p.by, groups=", ".join(f"{g} {n}" for g, n in p.groups))
        self.summary.setText(line)
        self.checks_hint.setText(self.tr("Interviewer checks: each keeps its false alarms, when every interviewer "
                                         "works honestly, to {alpha} % of studies. A flag asks for a look; it "
                                         "proves nothing. Counts only: no answer of anyone is shown.").format(
            alpha=f"{100 * work.alpha:g}"))
        flagged = [(i.id, f) for i in work.interviewers for f in i.flags]
        for who, f in flagged:
            self.flags.addItem(f"⚑ {who} · {f.sentence}")
        if not flagged:
            self.flags.addItem(self.tr("No interviewer was flagged."))
        for lap in work.laptops:
            text = self.tr("{laptop}: %n bundle(s)", "", len(lap.bundles)).format(laptop=lap.name)
            if lap.bundles:
                text += " · " + self.tr("last exported {time}").format(time=lap.bundles[-1].exported)
            if lap.synthetic_left_out:
                text += " · " + self.tr("%n synthetic interview(s) left out", "", lap.synthetic_left_out)
            for event in lap.custody:
                text += "\n  ⚠ " + event
            self.laptops.addItem(text)


def _days(first: str, last: str) -> list[str]:
    if not first or not last:
        return []
    a, b = dt.date.fromisoformat(first), dt.date.fromisoformat(last)
    return [(a + dt.timedelta(days=n)).isoformat() for n in range((b - a).days + 1)]
