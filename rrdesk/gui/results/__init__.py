"""The coordinator's Results view: export bundles and an identity file in, estimates out.

The numbers are those of ``rrdesk aggregate`` because they come from the same use case,
:mod:`rrdesk.app.aggregate` (:func:`~rrdesk.app.aggregate.compute`, ``split`` and
``write_report`` for "Save report…"), run off the GUI thread by a :class:`TaskRunner`.
The view only arranges them: a table with one line per answer (and per subgroup with
"Split by"), an interval bar drawn in each line, the problems in words, and the fieldwork
(:mod:`rrdesk.gui.results._fieldwork`: interviewers, their flags, the laptops). This module holds the window's actions and state; its widgets
are laid out in :mod:`rrdesk.gui.results._layout`.

The identity file holds the coordinator's secret key. The view keeps only its path, in
memory, while the window is open; the key is read by the worker each time it is needed and
dropped with the task. Nothing of it (nor of the bundles) goes into the settings.
"""
from __future__ import annotations

import html
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFileDialog, QWidget

from rrdesk.app.aggregate import Aggregation, Checks, compute, datafiles_missing, find_surveys, split, write_report
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.gui.results._layout import ResultsLayout
from rrdesk.gui.results._table import (
    BAND,
    DIAMOND,
    DOT,
    ESTIMATE,
    INTERVAL,
    LINE,
    EstimatesModel,
    Line,
    axis_ticks,
)
from rrdesk.gui.tasks import TaskRunner
from rrdesk.gui.widgets import breakable, restyle, tab_order

NOT_ENROLLED = "which is not enrolled"  # why: the words of store/laptop.py's problem for such a bundle
SYNTHETIC_LEFT_OUT = "--include-synthetic counts them"  # why: the words of the collection's problem for them

__all__ = [
    "ESTIMATE",
    "EstimatesModel",
    "INTERVAL",
    "LINE",
    "ResultsWindow",
    "axis_ticks",
]


class ResultsWindow(ResultsLayout):
    """The coordinator's window: choose bundles and the identity file, compute, read, save.

    Signals
    -------
    surveysFound(int)
        The bundles were opened: how many surveys they hold (0: none could be opened).
    computed(bool)
        "Compute" ended: whether there are results to show.
    reportSaved(str, bool)
        "Save report…" ended: the line shown, and whether it succeeded.
    """

    surveysFound = Signal(int)
    computed = Signal(bool)
    progressed = Signal(int, int)  # records opened, records planned (from the worker thread)
    reportSaved = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None, *, lang: str = "en") -> None:
        super().__init__(parent)
        self.lang = lang
        self.bundles: list[Path] = []
        self.identities: list[Path] = []  # only the paths, only in memory: never in settings
        self.found: dict[str, tuple[Survey, list[str]]] = {}
        self.shown: Aggregation | None = None
        self.accept_unverified = False  # "Use anyway (unverified)" pressed, for these bundles and identity
        self.include_synthetic = False  # "Count the synthetic interviews" pressed, for these bundles
        self._stop = threading.Event()  # Cancel pressed: the computation's progress callback says stop
        self._started = 0.0
        self.runner = TaskRunner(self)
        self.runner.busyChanged.connect(self._busy)

        self.table.selectionModel().currentRowChanged.connect(self._describe)
        self.open_bundles.clicked.connect(self._ask_bundles)
        self.choose_identity.clicked.connect(self._ask_identity)
        self.compute_button.clicked.connect(self.compute)
        self.save_button.clicked.connect(self._ask_save)
        self.enroll_laptop.clicked.connect(self._ask_enroll)
        self.use_unverified.clicked.connect(self.use_anyway)
        self.count_synthetic.clicked.connect(self.count_simulated)
        self.cancel_button.clicked.connect(self.cancel)
        self.progressed.connect(self._progressed)
        self.survey_choice.currentIndexChanged.connect(self._survey_chosen)
        self.split.currentIndexChanged.connect(self._split_chosen)
        QShortcut(QKeySequence.StandardKey.Close, self, self.close)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        tab_order([self.open_bundles, self.choose_identity, self.survey_choice, self.split, self.compute_button,
                   self.save_button, self.tabs, self.table, self.problems, self.fieldwork.table,
                   self.fieldwork.flags, self.fieldwork.laptops])
        self._texts()
        self._show(None)
        self._enable()

    # -- words (again when the interface language changes) ----------------------------------

    def _texts(self) -> None:
        self.setWindowTitle(self.tr("rrdesk — Results"))
        self.title.setText(self.tr("Results") if self.shown is None or self.shown.results is None else
                           self.tr("Results: {title}").format(title=self.shown.results.survey.title))
        self.open_bundles.setText(self.tr("&Open bundles…"))
        self.choose_identity.setText(self.tr("&Identity file…"))
        self.survey_label.setText(self.tr("&Survey:"))
        self.split_label.setText(self.tr("Split &by:"))
        self.compute_button.setText(self.tr("&Compute"))
        self.save_button.setText(self.tr("Save &report…"))
        self.enroll_laptop.setText(self.tr("Enroll this laptop…"))
        self.use_unverified.setText(self.tr("Use anyway (unverified)"))
        self.count_synthetic.setText(self.tr("Count the synthetic interviews"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.count_synthetic.setToolTip(self.tr("Interviews made by rrdesk simulate, for practice: they are "
                                                "left out of the estimates unless you count them."))
        self.progress.setAccessibleName(self.tr("Working"))
        self.table.setAccessibleName(self.tr("Estimates"))
        self.problems.setAccessibleName(self.tr("Problems"))
        names = [Path(b).name for b in self.bundles]
        self.bundles_text.setText(self.tr("No bundle chosen yet: the .tar.age files exported from the laptops.")
                                  if not names else self.tr("{bundles}: {names}").format(
                                      bundles=self.bundle_count(len(names)), names=breakable(", ".join(names))))
        self.bundles_text.setToolTip("\n".join(str(b) for b in self.bundles))
        self.identity_text.setText(self.tr("No identity file chosen yet: the file with your secret key "
                                           "(AGE-SECRET-KEY-1…).") if not self.identities else
                                   self.tr("{name} — read only while computing; rrdesk never saves it or its "
                                           "place.").format(name=", ".join(p.name for p in self.identities)))
        marks = ((DOT, "●", self.tr("estimate")), (BAND, "▬", self.tr("95 % confidence interval")),
                 (DIAMOND, "◇", self.tr("recorded share (before correction)")))
        self.legend.setText("&nbsp;&nbsp;&nbsp;".join(f"<span style='color:{colour}; font-size:22px'>{mark}</span> "
                                                      f"{html.escape(words)}" for colour, mark, words in marks))
        self.problems_hint.setText(self.tr("Each line names the bundle, the laptop's log and the record, and what is "
                                           "wrong. The records named here were left out; the rest was used."))
        self.tabs.setTabText(0, self.tr("&Estimates"))
        self.tabs.setTabText(1, self.tr("&Problems ({count})").format(
            count=len(self.shown.problems) if self.shown else 0))
        flags = sum(len(i.flags) for i in self.shown.fieldwork.interviewers) \
            if self.shown is not None and self.shown.fieldwork is not None else 0
        self.tabs.setTabText(2, self.tr("&Fieldwork") if not flags else
                             self.tr("&Fieldwork (%n flag(s))", "", flags))
        self.fieldwork.show_work(self.shown.fieldwork if self.shown is not None else None)
        if self.split.count():
            self.split.setItemText(0, self.tr("no split"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LanguageChange:
            self._texts()
        super().changeEvent(event)

    # -- choosing bundles, identity, survey, split ------------------------------------------

    @Slot()
    def _ask_bundles(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Open export bundles"), "",
                                                self.tr("Export bundles (*.tar.age);;All files (*)"))
        if paths:
            self.set_bundles([Path(p) for p in paths])

    @Slot()
    def _ask_identity(self) -> None:
        # why: several files may be chosen (an old and a new key after a rotation: README)
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Choose the identity file"), "",
                                                self.tr("Identity files (*.txt *.key);;All files (*)"))
        if paths:
            self.set_identity(*(Path(p) for p in paths))

    def set_bundles(self, paths: Sequence[Path]) -> None:
        self.bundles = list(dict.fromkeys(Path(p) for p in paths))  # why: the same file twice is one
        self.accept_unverified = self.include_synthetic = False
        self._texts()
        self._look()

    def set_identity(self, *paths: Path) -> None:
        """The identity file (or several: every key of each is tried)."""
        self.identities = list(dict.fromkeys(Path(p) for p in paths))
        self.accept_unverified = False
        self._texts()
        self._look()

    def _look(self) -> None:
        """Which surveys the bundles hold, once both bundles and the identity are known."""
        self.found = {}
        self._fill_surveys()
        if not self.bundles:
            self.open_bundles.setFocus()
            return
        if not self.identities:
            self.choose_identity.setFocus()
            return
        bundles, identity = list(self.bundles), list(self.identities)
        self._say(self.tr("Opening the bundles…"))
        self.runner.submit(lambda: find_surveys(bundles, identity), self._looked, self._look_failed)

    def _looked(self, found: dict[str, tuple[Survey, list[str]]]) -> None:
        self.found = found
        self._fill_surveys()
        if not found:
            self._say(self.tr("No bundle could be opened with this identity file. Compute lists what is wrong."),
                      error=True)
        elif len(found) == 1:
            survey = next(iter(found.values()))[0]
            self._say(self.tr("The bundles hold the survey “{title}”. Press Compute.").format(title=survey.title))
        else:
            self._say(self.tr("The bundles hold {count} surveys: choose one, then press Compute.")
                      .format(count=len(found)))
        self._enable()
        self.compute_button.setFocus()
        self.surveysFound.emit(len(found))

    def _look_failed(self, line: str) -> None:
        self._say(line, error=True)
        self._enable()
        self.surveysFound.emit(0)

    def _fill_surveys(self) -> None:
        self.survey_choice.blockSignals(True)
        self.survey_choice.clear()
        for sid, (survey, files) in self.found.items():
            self.survey_choice.addItem(f"{survey.title} ({sid})", sid)
            self.survey_choice.setItemData(self.survey_choice.count() - 1, self.tr("{bundles}: {names}").format(
                bundles=self.bundle_count(len(files)), names=", ".join(Path(f).name for f in files)),
                Qt.ItemDataRole.ToolTipRole)
        self.survey_choice.blockSignals(False)
        self._fill_split()

    def _fill_split(self) -> None:
        sid = self.survey_choice.currentData()
        self.split.blockSignals(True)
        self.split.clear()
        self.split.addItem(self.tr("no split"), None)
        if sid in self.found:
            for q in self.found[sid][0].questions:
                if q.design is None:
                    self.split.addItem(q.id, q.id)
                    self.split.setItemData(self.split.count() - 1, q.text_in(self.lang), Qt.ItemDataRole.ToolTipRole)
        self.split.blockSignals(False)

    @Slot(int)
    def _survey_chosen(self, _: int) -> None:
        self._fill_split()
        if self.shown is not None and self.shown.results is not None:
            self._say(self.tr("Press Compute to see the results of this survey."))

    @Slot(int)
    def _split_chosen(self, _: int) -> None:
        shown = self.shown
        if shown is None or shown.data is None or shown.data.survey.id != self.survey_choice.currentData():
            return
        by = self.split.currentData()
        self._say(self.tr("Splitting the results…"))  # why: no decrypting again, only counting
        self.runner.submit(lambda: split(shown, by), self._computed, self._failed)

    # -- computing ---------------------------------------------------------------------------

    @Slot()
    def compute(self) -> None:
        """Collect, verify, decrypt and estimate, off the GUI thread (``rrdesk aggregate``)."""
        if not self.bundles or not self.identities or self.runner.busy:
            return
        bundles, identity = list(self.bundles), list(self.identities)
        sid, by = self.survey_choice.currentData(), self.split.currentData()
        self._say(self.tr("Decrypting and checking every record of {bundles}…").format(
            bundles=self.bundle_count(len(bundles))))
        checks, synthetic = Checks(accept_unverified=self.accept_unverified), self.include_synthetic
        self._stop.clear()
        self._started = time.monotonic()
        self.cancel_button.show()
        tell = self._teller()
        self.runner.submit(lambda: compute(bundles, identity, sid, by, checks=checks, include_synthetic=synthetic,
                                           progress=tell), self._computed, self._failed)

    def _teller(self) -> Callable[[int, int], bool]:
        """The progress callback, on the worker thread: a signal at most ten times a second, and
        whether to go on (Cancel not pressed)."""
        last = [0.0]

        def tell(done: int, planned: int) -> bool:
            now = time.monotonic()
            if now - last[0] >= 0.1 or done == planned:
                last[0] = now
                self.progressed.emit(done, planned)
            return not self._stop.is_set()
        return tell

    @Slot()
    def cancel(self) -> None:
        """Stop the computation: the workers stop, nothing is written (the ledger neither)."""
        if self.runner.busy:
            self._stop.set()
            self._say(self.tr("Stopping…"))

    @Slot(int, int)
    def _progressed(self, done: int, planned: int) -> None:
        if not self.runner.busy or self._stop.is_set() or planned <= 0:
            return
        self.progress.setRange(0, planned)
        self.progress.setValue(min(done, planned))
        elapsed = time.monotonic() - self._started
        line = self.tr("Decrypting and checking: {done} of {planned} records").format(
            done=f"{done:,}", planned=f"{planned:,}")
        if done and elapsed > 1 and done < planned:
            left = round(elapsed / done * (planned - done))
            line += " · " + self.tr("about %n second(s) left", "", max(left, 1))
        self._say(line)

    def _computed(self, computed: Aggregation) -> None:
        self._show(computed)
        if computed.results is None or computed.data is None:
            self._say(self.tr("Nothing to show: no bundle could be used. The Problems tab says why."), error=True)
            self.tabs.setCurrentIndex(1)
        elif computed.results.interviews == 0 and any(SYNTHETIC_LEFT_OUT in p.what for p in computed.problems):
            self._say(self.tr("Nothing was used: these bundles hold synthetic interviews (made by rrdesk simulate, "
                              "for practice), which are left out. The Problems tab can count them."), error=True)
            self.tabs.setCurrentIndex(1)
        elif computed.results.interviews == 0:
            self._say(self.tr("Nothing was used: every record was left out (0 interviews). The Problems tab says "
                              "why; a laptop that is not enrolled can be enrolled there, or used anyway."), error=True)
            self.tabs.setCurrentIndex(1)
        elif self.accept_unverified and computed.problems:
            self._say(self.tr("Computed from {bundles}, with the records of laptops not proven used anyway "
                              "(unverified): nothing shows that your laptops made them.").format(
                bundles=self.bundle_count(len(computed.data.bundles))), error=True)
            self.tabs.setCurrentIndex(0)
        else:
            n = len(computed.problems)
            self._say(self.tr("Computed from {bundles}.").format(bundles=self.bundle_count(len(computed.data.bundles)))
                      + " " + (self.tr("Records found in several bundles were counted once.") if not n else
                               self.tr("The records named under Problems were left out; everything else was used.")))
            self.tabs.setCurrentIndex(0)
            self.table.setFocus()
        self.computed.emit(computed.results is not None)

    def _failed(self, line: str) -> None:
        if self._stop.is_set():
            self._say(self.tr("Cancelled: nothing was computed or saved."))
        else:
            self._say(line, error=True)
        self.computed.emit(False)

    def _show(self, computed: Aggregation | None) -> None:
        self.shown = computed
        results = computed.results if computed else None
        self.model.show(results, self.lang)
        self.problems.clear()
        if computed is not None:
            for p in computed.problems:
                self.problems.addItem(self.problem_words(p))
            for file, sid in computed.skipped:
                self.problems.addItem(self.tr("{bundle}: left out, it holds another survey ({id}); choose that "
                                              "survey to see its results.").format(bundle=Path(file).name, id=sid))
        self._texts()
        if results is None:
            self.summary.setText("")
            self.verdict.setText("")
            self.detail.setText(self.tr("Choose the bundles and your identity file, then press Compute. "
                                        "The numbers are those of “rrdesk aggregate”."))
        else:
            s = results.survey
            laptops = self.tr("%n laptop(s)", "", results.devices)  # plural forms: rrdesk_LANG.ts
            self.summary.setText(self.tr("{interviews} interviews · {records} records · {laptops} · "
                                         "ε per respondent {epsilon} (cap {cap})").format(
                interviews=results.interviews, records=results.records, laptops=laptops,
                epsilon=f"{s.epsilon_per_respondent:.2f}", cap=f"{s.max_epsilon:g}"))
            self.table.selectRow(0)
        n = len(computed.problems) if computed else 0
        if computed is not None:
            self.verdict.setText(self.tr("✓ Every bundle verified") if not n else
                                 self.tr("⚠ %n problem(s): see Problems", "", n))
            self.verdict.setToolTip(self.tr("Each record's chain, tag and content checked out; records found in "
                                            "several bundles were counted once.") if not n else
                                    self.tr("The damaged or doubtful records were left out and everything else "
                                            "was used."))
            self.verdict.setProperty("role", "error" if n else "verdict")
            restyle(self.verdict)
        self.verdict.setVisible(computed is not None)
        self.summary.setVisible(results is not None)
        foreign = computed is not None and any(NOT_ENROLLED in p.what for p in computed.problems)
        self.enroll_laptop.setVisible(foreign)
        self.use_unverified.setVisible(foreign and not self.accept_unverified)
        self.count_synthetic.setVisible(computed is not None and not self.include_synthetic
                                        and any(SYNTHETIC_LEFT_OUT in p.what for p in computed.problems))
        self._enable()

    def problem_words(self, p: Problem) -> str:
        """A problem in plain words: which bundle, which laptop's log, which record, what."""
        where = Path(p.file).name
        if p.member:
            name = p.member.split(".")[0]
            laptop, _, log = name.partition("-")
            where += " · " + (self.tr("laptop {laptop}…, log {log}…").format(laptop=laptop[:8], log=log[:8])
                              if log else name)
        if p.record is not None:
            where += " · " + self.tr("record {number}").format(number=p.record)
        return self.tr("{where}: {what}").format(where=where, what=p.what)

    # -- a laptop that is not enrolled ---------------------------------------------------------

    @Slot()
    def _ask_enroll(self) -> None:
        """"Enroll this laptop…": its enrollment file, the key id it shows, and a name."""
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        start = str(self.bundles[0].parent) if self.bundles else ""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("The laptop's enrollment file"), start,
                                              self.tr("Enrollment files (rrdesk-laptop-*.pub);;All files (*)"))
        if not path:
            return
        key_id, ok = QInputDialog.getText(
            self, self.tr("Enroll this laptop"), self.tr("The key id the laptop shows (File ▸ Write enrollment "
                                                         "file… on the laptop), as XXXX-XXXX-XXXX-XXXX:"),
            QLineEdit.EchoMode.Normal, "")
        if not ok:
            return
        name, ok = QInputDialog.getText(self, self.tr("Enroll this laptop"),
                                        self.tr("A name for the laptop (optional), e.g. Laptop 3, Amina:"),
                                        QLineEdit.EchoMode.Normal, "")
        if ok:
            self.enroll(Path(path), key_id, name)

    def enroll(self, path: Path, key_id: str, name: str = "") -> bool:
        """Enroll the laptop of the enrollment file ``path`` (its key id confirmed) in the list
        beside the identity file, as ``rrdesk enroll`` does, then compute again."""
        from rrdesk.app import enrollment
        from rrdesk.core.errors import RRDeskError, describe

        if not self.identities:
            return False
        listed = enrollment.coordinator_laptops(self.identities[0])
        try:
            added = enrollment.enroll([path], listed, key_ids=[key_id], name=name)
        except RRDeskError as error:
            self._say(describe(error), error=True)
            return False
        laptop = added[0][0]
        self._say(self.tr("Laptop {laptop} (key id {code}) enrolled in {list}.").format(
            laptop=name.strip() or laptop.device[:8], code=laptop.code, list=listed), done=True)
        self.compute()
        return True

    @Slot()
    def use_anyway(self) -> None:
        """"Use anyway (unverified)": compute again with the records of laptops not proven
        (``aggregate --accept-unverified``); they stay listed under Problems."""
        self.accept_unverified = True
        self.compute()

    @Slot()
    def count_simulated(self) -> None:
        """"Count the synthetic interviews": compute again with the interviews ``rrdesk simulate``
        made (``aggregate --include-synthetic``)."""
        self.include_synthetic = True
        self.compute()

    @Slot(QModelIndex, QModelIndex)
    def _describe(self, current: QModelIndex, _: QModelIndex) -> None:
        line: Line | None = current.data(LINE) if current.isValid() else None
        if line is None:
            return
        r, q = line.result, line.result.question
        kinds = {"forced": self.tr("forced response"), "warner": self.tr("Warner's mirrored question"),
                 "unrelated": self.tr("unrelated question"), "kary": self.tr("k-ary randomized response"),
                 "unrelated_unknown": self.tr("unrelated question, unknown prevalence")}
        design = self.tr("asked directly") if r.epsilon is None else \
            self.tr("{design}, ε = {epsilon}").format(design=kinds.get(q.kind, q.kind), epsilon=f"{r.epsilon:.2f}")
        parts = [self.tr("{id} ({design}): {text}").format(id=q.id, design=design, text=q.text_in(self.lang))]
        notes = [self.tr("Method: {method}").format(method=r.estimate.method)]
        if r.declined or r.abandoned or r.abandoned_after_spin:
            notes.append(self.tr("{declined} declined, {abandoned} not reached, {after_spin} stopped after the "
                                 "spin").format(declined=r.declined, abandoned=r.abandoned,
                                                after_spin=r.abandoned_after_spin))
        if line.warning:
            notes.append(f"⚠ {line.group_label + ': ' if line.group_label else ''}"
                         f"{self.model.small_group(line.estimate.n)}")
        if r.noncompliance:
            notes.append(f"⚠ {r.noncompliance}")  # core's sentence, English like the method line
        self.detail.setText("\n".join(parts + [" · ".join(notes)]))

    # -- saving the report -------------------------------------------------------------------

    @Slot()
    def _ask_save(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Save the report in…"))
        if folder:
            self.save_report(Path(folder))

    def save_report(self, folder: Path) -> None:
        """The report files of ``aggregate --out`` into ``folder``, off the GUI thread."""
        shown = self.shown
        if shown is None or shown.results is None or self.runner.busy:
            return
        self._say(self.tr("Writing the report…"))
        self.runner.submit(lambda: write_report(folder, shown), self._saved, self._save_failed)

    def _saved(self, written: list[Path]) -> None:
        line = self.tr("Report saved in {folder}: {files}").format(
            folder=written[0].parent if written else "", files=", ".join(p.name for p in written))
        if datafiles_missing() is not None:  # why said: the coordinator may expect the Stata and SPSS files
            line += " " + self.tr("The Stata and SPSS files (answers.dta, answers.sav) were not written: they need "
                                  "rrdesk's datafiles extra (pip install 'rrdesk[datafiles]'); the CSV files hold "
                                  "the same data.")
        self._say(line, done=True)
        self.reportSaved.emit(line, True)

    def _save_failed(self, error: str) -> None:
        line = self.tr("The report could not be saved: {error}").format(error=error)
        self._say(line, error=True)
        self.reportSaved.emit(line, False)

    # -- state -------------------------------------------------------------------------------

    def _say(self, line: str, *, error: bool = False, done: bool = False) -> None:
        self.status.setText(line)
        self.status.setProperty("role", "error" if error else "done" if done else "hint")
        restyle(self.status)

    def bundle_count(self, n: int) -> str:
        return self.tr("%n bundle(s)", "", n)

    @Slot(bool)
    def _busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        if not busy:
            self.progress.setRange(0, 0)  # the next task is busy until it says how far it is
            self.cancel_button.hide()
        self.setCursor(Qt.CursorShape.BusyCursor if busy else Qt.CursorShape.ArrowCursor)
        self._enable()

    def _enable(self) -> None:
        idle = not self.runner.busy
        for w in (self.open_bundles, self.choose_identity, self.split):
            w.setEnabled(idle)
        self.survey_choice.setEnabled(idle and self.survey_choice.count() > 1)
        self.compute_button.setEnabled(idle and bool(self.bundles) and bool(self.identities))
        self.save_button.setEnabled(idle and self.shown is not None and self.shown.results is not None)
