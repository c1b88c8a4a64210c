"""The Results view's table: one line per answer (and subgroup), and the interval bar drawn in it.

A thin Qt model over :class:`rrdesk.core.results.Results`; the numbers are never recomputed here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QApplication, QHeaderView, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from rrdesk.core.estimate import Estimate
from rrdesk.core.results import SMALL_GROUP, UNKNOWN_GROUP, QuestionResult, Results
from rrdesk.core.survey import SKIPPED_GROUP

DOT, BAND, DIAMOND, GRID, WARN = "#1f5fa8", "#a9c8ec", "#c4661f", "#d8dde4", "#8a4f00"  # as in report.html
LINE = Qt.ItemDataRole.UserRole + 1  # the model's Line behind a row
QUESTION, ANSWER, N, EPSILON, RECORDED, ESTIMATE, INTERVAL, CHART = range(8)

@dataclass(frozen=True)
class Line:
    """One row: ``category`` of ``result`` among everyone (``group`` None) or in a subgroup.
    ``first`` marks the question's first row, ``heads`` a subgroup's first row."""

    result: QuestionResult
    estimate: Estimate
    category: int
    answer: str
    group: str | None
    group_label: str
    first: bool
    heads: bool
    shade: bool
    warning: bool = False

    @property
    def randomized(self) -> bool:
        return self.result.question.design is not None

    @property
    def share(self) -> float | None:
        e = self.estimate
        return e.reported[self.category] / e.n if e.n else None

    @property
    def value(self) -> float:
        return self.estimate.estimate[self.category]

    @property
    def ci(self) -> tuple[float, float]:
        return self.estimate.ci95[self.category]


def pct(x: float) -> str:
    return f"{100 * x:.1f}\u00a0%"


class EstimatesModel(QAbstractTableModel):
    """A thin adapter over :class:`Results`: yes/no questions show the YES line (as
    ``aggregate --json`` does), others every answer; sensitive questions first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines: list[Line] = []
        self.results: Results | None = None
        self.lang = "en"

    def show(self, results: Results | None, lang: str) -> None:
        self.beginResetModel()
        self.results, self.lines, self.lang = results, [], lang
        if results is not None:
            yes_no = (self.tr("No"), self.tr("Yes"))
            by = results.survey.question(results.by) if results.by else None
            group_names = dict(zip(by.answer_ids, by.choice_labels(lang) or yes_no)) if by and not by.number else {}
            group_names[UNKNOWN_GROUP] = self.tr("(unknown)")
            group_names[SKIPPED_GROUP] = self.tr("(skipped)")  # its relevant condition skipped the --by question
            ordered = sorted(results.questions, key=lambda r: r.question.design is None)
            for i, r in enumerate(ordered):
                answers = r.question.choice_labels(lang) or (r.labels if r.question.number else yes_no)
                shown = [1] if r.yes_no else range(len(answers))
                parts = [(None, "", r.estimate, 0 < r.estimate.n < SMALL_GROUP)] + \
                    [(g.name, group_names.get(g.name, g.name), g.estimate, bool(g.warning)) for g in r.groups]
                for group, group_label, e, warning in parts:
                    for j in shown:
                        self.lines.append(Line(r, e, j, answers[j], group, group_label,
                                               first=group is None and j == shown[0],
                                               heads=group is not None and j == shown[0], shade=i % 2 == 1,
                                               warning=warning))
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.lines)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else CHART + 1

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt's name
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            by = self.results.by if self.results else None
            question = self.tr("Question, by {by}").format(by=by) if by else self.tr("Question")
            return [question, self.tr("Answer"), "n", "ε", self.tr("Recorded"),
                    self.tr("Estimate"), self.tr("95 % interval"), ""][section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return {N: self.tr("Answers recorded"),
                    EPSILON: self.tr("ε of one recorded answer: the smaller, the more private"),
                    RECORDED: self.tr("How many answers were recorded as this answer (after the spinner), "
                                      "and their share"),
                    ESTIMATE: self.tr("Estimated share of respondents for whom this answer is true"),
                    INTERVAL: self.tr("95 % confidence interval of the estimate"),
                    CHART: self.tr("The estimate (dot) with its 95 % interval (bar) and the recorded share "
                                   "(diamond), from 0 to 100 %")}.get(section)
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        line, column = self.lines[index.row()], index.column()
        e = line.estimate
        if role == LINE:
            return line
        if role == Qt.ItemDataRole.DisplayRole:
            eps = line.result.epsilon
            lo, hi = line.ci
            question = ("⚠ " if line.warning else "") + line.result.question.id if line.first else \
                ("\u2003" + ("⚠ " if line.warning else "") + line.group_label) if line.heads else ""
            return {QUESTION: question,
                    ANSWER: line.answer, N: str(e.n),
                    EPSILON: ("—" if eps is None else f"{eps:.2f}") if line.first else "",
                    RECORDED: f"{e.reported[line.category]} ({pct(e.reported[line.category] / e.n)})" if e.n else "0",
                    ESTIMATE: pct(line.value) if e.n else self.tr("no answers"),
                    INTERVAL: f"{100 * lo:.1f} – {pct(hi)}" if e.n else "",
                    }.get(column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == QUESTION and line.first:
                return line.result.question.text_in(self.lang)
            if column in (QUESTION, N) and line.warning:
                return self.small_group(e.n)
            if column == EPSILON and line.result.epsilon is None:
                return self.tr("asked directly, not randomized")
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            right = column in (N, EPSILON, RECORDED, ESTIMATE, INTERVAL)
            return int((Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft)
                       | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor("#f1f4f8" if line.shade else "#ffffff"))
        if role == Qt.ItemDataRole.ForegroundRole and line.warning and column in (QUESTION, N):
            return QBrush(QColor(WARN))
        return None

    def small_group(self, n: int) -> str:
        return self.tr("only {n} answers (under {small}): the interval is wide and only a rough guide") \
            .format(n=n, small=SMALL_GROUP)


class Cell(QStyledItemDelegate):
    """A plain cell: the selected row shows where the keyboard is, no focus frame on one cell."""

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.state &= ~QStyle.StateFlag.State_HasFocus
        line: Line | None = index.data(LINE)
        if line is not None and (index.column() == ESTIMATE or index.column() == QUESTION and line.first):
            option.font.setBold(True)  # why here: the view's font is the style sheet's size


def _axis(rect: QRect) -> tuple[float, float]:
    """Where 0 % and the width of 0–100 % are in a chart cell (room for the end labels)."""
    pad = 30
    return rect.left() + pad, max(1.0, rect.width() - 2.0 * pad)


class IntervalDelegate(Cell):
    """Draws a line's estimate as in report.html: the 95 % interval as a band, the estimate as
    a dot, the recorded share (randomized questions) as an open diamond."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        line: Line | None = index.data(LINE)
        if line is None or not line.estimate.n:
            return
        left, width = _axis(option.rect)

        def x(v: float) -> float:
            return left + width * min(max(v, 0.0), 1.0)

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        top, bottom, cy = option.rect.top(), option.rect.bottom(), option.rect.center().y() + 0.5
        painter.setPen(QPen(QColor(GRID), 1))
        for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
            painter.drawLine(QPointF(x(tick), top), QPointF(x(tick), bottom))
        lo, hi = line.ci
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(BAND))
        painter.drawRoundedRect(QRectF(x(lo), cy - 8, max(x(hi) - x(lo), 3.0), 16), 4, 4)
        if line.randomized and line.share is not None:
            rx = x(line.share)
            painter.setPen(QPen(QColor(DIAMOND), 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(QPolygonF([QPointF(rx, cy - 8), QPointF(rx + 8, cy), QPointF(rx, cy + 8),
                                           QPointF(rx - 8, cy)]))
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(QColor(DOT))
        painter.drawEllipse(QPointF(x(line.value), cy), 7.5, 7.5)
        painter.restore()


def axis_ticks(width: float, room: float) -> range:
    """The percentages labelled on a 0–100 % axis ``width`` wide when a label needs ``room``:
    every 25, 50 or 100 %, as many as fit apart; none when even 0 and 100 % would overlap."""
    for step in (25, 50, 100):
        if width * step / 100 > room:
            return range(0, 101, step)
    return range(0)


class AxisHeader(QHeaderView):
    """The table's header, with the chart column's 0–100 % scale."""

    def paintSection(self, painter: QPainter, rect: QRect, logical: int) -> None:  # noqa: N802 - Qt's name
        super().paintSection(painter, rect, logical)
        if logical != CHART:
            return
        painter.save()
        painter.setPen(QColor("#000000"))
        left, width = _axis(rect)
        metrics = painter.fontMetrics()
        room = metrics.horizontalAdvance("100\u00a0%") + 8  # why: a label and a gap to the next one
        for tick in axis_ticks(width, room):
            text = f"{tick}\u00a0%"
            w = metrics.horizontalAdvance(text) + 4
            painter.drawText(QRectF(left + width * tick / 100 - w / 2, rect.top(), w, rect.height()),
                             int(Qt.AlignmentFlag.AlignCenter), text)
        painter.restore()


# -- the view --------------------------------------------------------------------------------
