"""The wide data file: one row per interview, as CSV, Stata ``.dta`` and SPSS ``.sav`` with labels.

``aggregate --out`` writes ``answers-wide.csv``, ``answers.dta`` and ``answers.sav`` beside the
long ``answers.csv``: one row per interview (survey, the laptop's enrollment name and device
id, interview number, respondent key, interviewer, day, version, weight), each direct answer,
and each randomized question's recorded answer with its design's columns. Every answer is a
number: a choice's position in its list (0, 1, …; a yes/no answer 0 = no, 1 = yes, as
``answer_code`` in ``answers.csv``), a number question's value; a question not answered is
missing. The ``.dta`` and ``.sav`` carry a
variable label (the question's text, in the survey's first language unless another is asked
for) and value labels (the choices' texts) on every answer.

Why pyreadstat writes the ``.dta`` and ``.sav``: it wraps ReadStat, the C library R's
``haven`` reads and writes them with, maintained with both formats' quirks (Stata 14's format
118, SPSS's system file with UTF-8 long names and labels), so what rrdesk writes is what R,
Stata and SPSS users already exchange; pandas' own ``to_stata`` writes no ``.sav``. It needs a
data frame, pandas or polars; pandas is the smaller (the extra is about 100 MB installed:
pandas 82, pyreadstat 11, narwhals, dateutil and tzdata 7; polars' runtime alone is 170 MB),
and all of it serves only here, so it is the optional extra ``rrdesk[datafiles]`` (the desktop
bundle has it; the ``test`` extra pulls it in). Without it :func:`unavailable` says so in one
line and the CSV files are still written. :func:`wide_table` and :func:`wide_csv` are pure; :func:`write_dta` and :func:`write_sav` write
a file whole or not at all (a temporary file beside it, renamed).
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from rrdesk.core import cdm
from rrdesk.core.errors import StoreError
from rrdesk.core.fileio import write_atomic_by
from rrdesk.core.results.model import answer_parameters, design_parameters
from rrdesk.core.results.tables import RecordedAnswer
from rrdesk.core.survey import Question, Survey
from rrdesk.core.wording import words_for

__all__ = ["EXTRA", "Column", "Table", "unavailable", "wide_csv", "wide_table", "write_dta", "write_sav"]

#: how to get the ``.dta`` and ``.sav`` when pyreadstat is not installed
EXTRA = "pip install 'rrdesk[datafiles]'"

Value = float | str | None


@dataclass
class Column:
    """One variable: its name (Stata's and SPSS's rules: a letter, then letters, digits and ``_``,
    at most 32), its label, numbers (``values`` floats or None) or texts, and value labels."""

    name: str
    label: str
    numeric: bool
    values: list[Value] = field(default_factory=list)
    value_labels: dict[int, str] = field(default_factory=dict)


@dataclass
class Table:
    """The wide file: its columns, each with one value per interview."""

    label: str
    columns: list[Column]

    @property
    def rows(self) -> int:
        return len(self.columns[0].values) if self.columns else 0


def _names(wanted: Sequence[str], limits: Sequence[int]) -> list[str]:
    """Variable names Stata and SPSS both take, unique without regard to case: a question's id
    (``-`` as ``_``) cut to its limit (32, less for a labelled one) so that its suffix
    (``_group``, ``_p_truth``; after a NUL) stays whole."""
    out: list[str] = []
    seen: set[str] = set()
    for name, limit in zip(wanted, limits):
        stem, _, suffix = name.partition("\x00")
        base = re.sub(r"[^A-Za-z0-9_]", "_", stem)
        base = base if re.match(r"[A-Za-z]", base) else f"v_{base}"
        base = base[:limit - len(suffix)] + suffix
        candidate, n = base, 1
        while candidate.lower() in seen:
            n += 1
            candidate = f"{base[:limit - len(str(n)) - 1]}_{n}"
        seen.add(candidate.lower())
        out.append(candidate)
    return out


def wide_table(survey: Survey, answers: Iterable[RecordedAnswer],
               interviews: Mapping[tuple[str, int], Mapping[str, str]], lang: str | None = None, *,
               laptops: Mapping[str, str] | None = None) -> Table:
    """One row per interview from the store's recorded answers and each interview's direct
    answers (as :func:`rrdesk.core.results.tables.answers_csv` takes them); labels in ``lang``
    (the survey's first language when None); ``laptops``: each laptop's enrollment name by
    device id (a laptop not named there: empty)."""
    laptops = laptops or {}
    lang = lang if lang in survey.languages else survey.languages[0]
    words = words_for(survey, lang)
    rows: dict[tuple[str, int], dict[str, Value]] = {}
    for key, given in interviews.items():
        rows.setdefault(key, {}).update({f"d:{qid}": text for qid, text in given.items()})
    meta: dict[tuple[str, int], tuple[str, str, str]] = {}
    codes = {q.id: {c: j for j, c in enumerate(q.answer_ids)} for q in survey.randomized}
    kinds = {q.id: q.kind for q in survey.questions}
    for a in answers:
        key = (a.device, a.interview)
        row = rows.setdefault(key, {})
        meta.setdefault(key, (a.interviewer, a.day, a.version))
        code = codes[a.question][a.answer]
        if kinds[a.question] in ("cdm", "unrelated_unknown"):
            row[f"g:{a.question}"] = a.answer.partition("-")[2]
            code %= 2
        row[f"r:{a.question}"] = float(code)
    keys = sorted(rows)
    weight_of = dict(zip(survey.question(survey.weight_question).choices, survey.weights)) \
        if survey.weight_question else {}

    specs: list[tuple[str, str, bool, list[Value], dict[int, str]]] = [
        ("survey", "Survey id", False, [survey.id] * len(keys), {}),
        ("laptop", "Laptop (the name it was enrolled with)", False, [laptops.get(k[0], "") for k in keys], {}),
        ("device", "Laptop's device id", False, [k[0] for k in keys], {}),
        ("interview", "Interview number on that laptop", True, [float(k[1]) for k in keys], {}),
        ("respondent", "Respondent key (device-interview)", False, [f"{k[0]}-{k[1]}" for k in keys], {}),
        ("interviewer", "Interviewer", False, [meta.get(k, ("", "", ""))[0] for k in keys], {}),
        ("day", "Day of the interview (YYYY-MM-DD)", False, [meta.get(k, ("", "", ""))[1] for k in keys], {}),
        ("version", "Survey version", False, [meta.get(k, ("", "", ""))[2] for k in keys], {}),
    ]
    if survey.weight_question:
        weights: list[Value] = []
        for k in keys:
            chose = str(rows[k].get(f"d:{survey.weight_question}") or "")
            weights.append(float(weight_of[chose]) if chose in weight_of else None)
        specs.append(("weight", f"Survey weight (from {survey.weight_question})", True, weights, {}))
    for q in survey.direct:
        values: list[Value] = []
        for k in keys:
            text = rows[k].get(f"d:{q.id}")
            if not text:
                values.append(None)
            elif q.number is not None:
                values.append(_float(str(text)))
            else:  # an answer the deciding copy does not list (never, today) is left missing
                values.append(float(q.answer_ids.index(str(text))) if str(text) in q.answer_ids else None)
        labelled = {} if q.number is not None else _answer_labels(q, lang, words)
        specs.append((q.id, q.text[lang], True, values, labelled))
    for q in survey.randomized:
        values = [rows[k].get(f"r:{q.id}") for k in keys]
        specs.append((q.id, f"{q.text[lang]} (randomized: the recorded answer)", True, values,
                      _answer_labels(q, lang, words)))
        if q.two_groups:
            groups = [rows[k].get(f"g:{q.id}") for k in keys]
            specs.append((f"{q.id}\x00_group", f"{q.id}: the respondent's spinner group (a or b)", False,
                          [g or "" for g in groups], {}))
        if q.kind == "unrelated_unknown":  # each group's chance of "answer the question" (RRreg's p)
            chance = {g: spinner.truth_probability for g, spinner in zip("ab", q.group_spinners)}
            specs.append((f"{q.id}\x00_p_truth", f"{q.id}: P(the spinner says: answer the question) of the "
                          "respondent's group", True, [chance.get(str(g)) for g in groups], {}))
            continue
        if q.kind == "cdm":
            spinners = {g: answer_parameters(replace(q, design=spinner))
                        for g, spinner in zip("ab", cdm.of_design(q.spinner).groups)}
            for column in ("p_yes_given_no", "p_yes_given_yes"):
                specs.append((f"{q.id}\x00_{column}", f"{q.id}: P(recorded YES | true {'NO' if column.endswith('_no') else 'YES'}) "
                              "of the respondent's group", True,
                              [float(spinners[str(g)][column]) if g in spinners else None for g in groups], {}))
            continue
        d = q.design
        assert d is not None
        asked = [v is not None for v in values]
        if d.categories == 2:
            p = answer_parameters(q)
            for column, truth in (("p_yes_given_no", "NO"), ("p_yes_given_yes", "YES")):
                specs.append((f"{q.id}\x00_{column}", f"{q.id}: P(recorded YES | true {truth})", True,
                              [float(p[column]) if on else None for on in asked], {}))
        else:
            say = [float(p) for p in str(design_parameters(q)["p_say"]).split(";")]
            for j, choice in enumerate(q.answer_ids):
                specs.append((f"{q.id}\x00_p_say_{j}", f"{q.id}: P(the spinner says {choice})", True,
                              [say[j] if on else None for on in asked], {}))
            specs.append((f"{q.id}\x00_p_truth", f"{q.id}: P(the spinner says: the true answer)", True,
                          [float(d.truth_probability) if on else None for on in asked], {}))
    # why shorter when labelled: pyreadstat names a variable's value label set after it, its
    # number among the labelled ones appended, and Stata's names stop at 32 characters
    labelled_count = sum(1 for spec in specs if spec[4])
    names = _names([spec[0] for spec in specs],
                   [32 - len(str(max(labelled_count - 1, 0))) if spec[4] else 32 for spec in specs])
    return Table(survey.title, [Column(n, label, numeric, values, labelled)
                                for n, (_, label, numeric, values, labelled) in zip(names, specs)])


def _float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _answer_labels(q: Question, lang: str, words: Callable[[str], str]) -> dict[int, str]:
    if q.choices:
        texts = q.choice_text[lang] if q.choice_text else q.choices
        return {j: str(t) for j, t in enumerate(texts)}
    return {0: words("no"), 1: words("yes")}  # the respondent's own NO and YES in that language


def wide_csv(table: Table) -> str:
    """``answers-wide.csv``: the variables' names, then one line per interview (missing: empty)."""
    f = io.StringIO(newline="")
    out = csv.writer(f, lineterminator="\n")
    out.writerow([c.name for c in table.columns])
    for i in range(table.rows):
        out.writerow([_csv_value(c.values[i]) for c in table.columns])
    return f.getvalue()


def _csv_value(v: Value) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() and abs(v) < 2**53 else repr(v)
    return v


# -- Stata and SPSS, through pyreadstat -----------------------------------------------------------

_VARIABLE_LABEL = {"dta": 80, "sav": 255}  # characters Stata keeps of a variable label; bytes for SPSS
_VALUE_LABEL = {"dta": 32000, "sav": 120}  # bytes of one value label


def unavailable() -> str | None:
    """None when the ``.dta`` and ``.sav`` can be written; else the one line that says why not
    and how to get them."""
    try:
        import pyreadstat  # noqa: F401  (why here: pandas takes a fifth of a second to import)
    except ImportError:
        return f"answers.dta and answers.sav need pyreadstat ({EXTRA}); the CSV files hold the same data"
    return None


def _cut(text: str, size: int, *, characters: bool = False) -> str:
    """``text`` cut to ``size`` characters, or UTF-8 bytes, on a character boundary."""
    if characters:
        return text[:size]
    data = text.encode("utf-8")[:size]
    return data.decode("utf-8", "ignore")


def _frame(table: Table) -> Any:
    import pandas

    data = {}
    for c in table.columns:
        if c.numeric:
            data[c.name] = pandas.Series([float("nan") if v is None else float(v) for v in c.values], dtype="float64")
        else:
            data[c.name] = pandas.Series([str(v or "") for v in c.values], dtype="object")
    return pandas.DataFrame(data)


def _labels(table: Table, kind: str) -> tuple[list[str | None], dict[str, dict[int | float, str]]]:
    column_labels: list[str | None] = [_cut(c.label, _VARIABLE_LABEL[kind], characters=kind == "dta")
                                       for c in table.columns]
    value_labels: dict[str, dict[int | float, str]] = {
        c.name: {float(v): _cut(t, _VALUE_LABEL[kind]) for v, t in sorted(c.value_labels.items())}
        for c in table.columns if c.value_labels}
    return column_labels, value_labels


def _written(path: Path, write: Callable[[Path], None]) -> Path:
    import pyreadstat

    try:
        return write_atomic_by(Path(path), write)
    except (pyreadstat.PyreadstatError, pyreadstat.ReadstatError) as error:  # why: a table it cannot write (never, today)
        raise StoreError(path, "", f"could not be written: {error}") from None


def write_dta(table: Table, path: Path) -> Path:
    """The table as a Stata ``.dta`` (format 118, Stata 14 and later): doubles for numbers
    (missing: ``.``), strings for texts, variable and value labels. Needs pyreadstat
    (:func:`unavailable`).

    Raises
    ------
    StoreError
        The file could not be written (nothing is left at ``path``).
    """
    import pyreadstat

    column_labels, value_labels = _labels(table, "dta")
    return _written(path, lambda at: pyreadstat.write_dta(
        _frame(table), at, file_label=_cut(table.label, 80, characters=True), column_labels=column_labels,
        version=14, variable_value_labels=value_labels))


def write_sav(table: Table, path: Path) -> Path:
    """The table as an SPSS system file (UTF-8): numbers (missing: system-missing) in ``F`` formats
    (decimals only where a value has them), texts, variable and value labels, nominal measures
    for labelled answers. Needs pyreadstat (:func:`unavailable`).

    Raises
    ------
    StoreError
        The file could not be written (nothing is left at ``path``).
    """
    import pyreadstat

    column_labels, value_labels = _labels(table, "sav")
    formats = {c.name: "F12.0" if all(v is None or float(v).is_integer() for v in c.values) else "F12.4"
               for c in table.columns if c.numeric}
    measures = {c.name: "nominal" for c in table.columns if c.value_labels}
    return _written(path, lambda at: pyreadstat.write_sav(
        _frame(table), at, file_label=_cut(table.label, 64), column_labels=column_labels,
        variable_value_labels=value_labels, variable_format=formats, variable_measure=measures))
