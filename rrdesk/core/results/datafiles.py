"""The wide data file: one row per interview, as CSV, Stata ``.dta`` and SPSS ``.sav`` with labels.

``aggregate --out`` writes ``answers-wide.csv``, ``answers.dta`` and ``answers.sav`` beside the
long ``answers.csv``: one row per interview (survey, laptop, interview number, respondent key,
interviewer, day, version, weight), each direct answer, and each randomized question's recorded
answer with its design's columns. Every answer is a number: a choice's position in its list
(0, 1, …; a yes/no answer 0 = no, 1 = yes, as ``answer_code`` in ``answers.csv``), a number
question's value; a question not answered is missing. The ``.dta`` and ``.sav`` carry a
variable label (the question's text, in the survey's first language unless another is asked
for) and value labels (the choices' texts) on every answer.

Why written here, by hand, and not with pyreadstat: pyreadstat writes only from a pandas or
polars data frame, tens of megabytes in the desktop bundle for two file layouts that are short
and fully specified -- Stata's format 118 (``help dta``) and SPSS's system file as GNU PSPP
documents it (uncompressed, UTF-8, long names in extension record 13). The tests read both
back with R's ``haven`` (ReadStat, the library pyreadstat wraps) and ``foreign``.
Pure: bytes and text out.
"""
from __future__ import annotations

import csv
import io
import math
import re
import struct
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Mapping, Sequence

from rrdesk.core import cdm
from rrdesk.core.results.model import answer_parameters, design_parameters
from rrdesk.core.results.tables import RecordedAnswer
from rrdesk.core.survey import Question, Survey
from rrdesk.core.wording import words_for

__all__ = ["Column", "Table", "dta_bytes", "sav_bytes", "wide_csv", "wide_table"]

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


def _names(wanted: Sequence[str]) -> list[str]:
    """Variable names Stata and SPSS both take, unique without regard to case: a question's id
    (``-`` as ``_``) cut so that its suffix (``_group``, ``_p_truth``; after a NUL) stays whole."""
    out: list[str] = []
    seen: set[str] = set()
    for name in wanted:
        stem, _, suffix = name.partition("\x00")
        base = re.sub(r"[^A-Za-z0-9_]", "_", stem)
        base = base if re.match(r"[A-Za-z]", base) else f"v_{base}"
        base = base[:32 - len(suffix)] + suffix
        candidate, n = base, 1
        while candidate.lower() in seen:
            n += 1
            candidate = f"{base[:32 - len(str(n)) - 1]}_{n}"
        seen.add(candidate.lower())
        out.append(candidate)
    return out


def wide_table(survey: Survey, answers: Iterable[RecordedAnswer],
               interviews: Mapping[tuple[str, int], Mapping[str, str]], lang: str | None = None) -> Table:
    """One row per interview from the store's recorded answers and each interview's direct
    answers (as :func:`rrdesk.core.results.tables.answers_csv` takes them); labels in ``lang``
    (the survey's first language when None)."""
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
        if kinds[a.question] == "cdm":
            row[f"g:{a.question}"] = a.answer.partition("-")[2]
            code %= 2
        row[f"r:{a.question}"] = float(code)
    keys = sorted(rows)
    weight_of = dict(zip(survey.question(survey.weight_question).choices, survey.weights)) \
        if survey.weight_question else {}

    specs: list[tuple[str, str, bool, list[Value], dict[int, str]]] = [
        ("survey", "Survey id", False, [survey.id] * len(keys), {}),
        ("device", "Laptop (its device id)", False, [k[0] for k in keys], {}),
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
        if q.kind == "cdm":
            groups = [rows[k].get(f"g:{q.id}") for k in keys]
            specs.append((f"{q.id}\x00_group", f"{q.id}: the respondent's spinner group (a or b)", False,
                          [g or "" for g in groups], {}))
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
    names = _names([s[0] for s in specs])
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


# -- Stata: format 118 (Stata 14 and later; help dta) ----------------------------------------

_DTA_DOUBLE = 65526
_DTA_MISSING = b"\x00\x00\x00\x00\x00\x00\xe0\x7f"  # ".", the double 2^1023


def _fixed(text: str, size: int) -> bytes:
    """``text`` in UTF-8, cut on a character boundary to leave room for a NUL, padded with NULs."""
    data = text.encode("utf-8")
    while len(data) > size - 1:
        text = text[:-1]
        data = text.encode("utf-8")
    return data + b"\x00" * (size - len(data))


def _tag(name: str, body: bytes) -> bytes:
    return f"<{name}>".encode() + body + f"</{name}>".encode()


def dta_bytes(table: Table) -> bytes:
    """The table as a Stata ``.dta`` (format 118, little-endian): doubles for numbers (missing
    is ``.``), ``str#`` for texts, variable labels and one value label set per labelled variable."""
    cols = table.columns
    widths = [0 if c.numeric else min(max([len(str(v or "").encode("utf-8")) for v in c.values] + [1]), 2045)
              for c in cols]
    label = _fixed(table.label, 321).rstrip(b"\x00")
    header = _tag("header", _tag("release", b"118") + _tag("byteorder", b"LSF") + _tag("K", struct.pack("<H", len(cols)))
                  + _tag("N", struct.pack("<Q", table.rows)) + _tag("label", struct.pack("<H", len(label)) + label)
                  + _tag("timestamp", b"\x00"))
    types = b"".join(struct.pack("<H", _DTA_DOUBLE if w == 0 else w) for w in widths)
    names = b"".join(_fixed(c.name, 129) for c in cols)
    sortlist = b"\x00\x00" * (len(cols) + 1)
    formats = b"".join(_fixed("%10.0g" if c.numeric else f"%-{w}s", 57) for c, w in zip(cols, widths))
    labelled = [c.name if c.value_labels else "" for c in cols]
    value_label_names = b"".join(_fixed(n, 129) for n in labelled)
    variable_labels = b"".join(_fixed(c.label, 321) for c in cols)
    data = bytearray()
    for i in range(table.rows):
        for c, w in zip(cols, widths):
            v = c.values[i]
            if c.numeric:
                data += _DTA_MISSING if v is None else struct.pack("<d", float(v))
            else:
                data += _fixed(str(v or ""), w + 1)[:w]
    value_labels = bytearray()
    for c in cols:
        if not c.value_labels:
            continue
        items = sorted(c.value_labels.items())
        texts = [t.encode("utf-8")[:32000] + b"\x00" for _, t in items]
        starts = [sum(len(t) for t in texts[:i]) for i in range(len(texts))]
        body = struct.pack("<ii", len(items), sum(len(t) for t in texts)) \
            + b"".join(struct.pack("<i", o) for o in starts) \
            + b"".join(struct.pack("<i", v) for v, _ in items) + b"".join(texts)
        value_labels += _tag("lbl", struct.pack("<i", len(body)) + _fixed(c.name, 129) + b"\x00\x00\x00" + body)
    parts = [("variable_types", types), ("varnames", names), ("sortlist", sortlist), ("formats", formats),
             ("value_label_names", value_label_names), ("variable_labels", variable_labels),
             ("characteristics", b""), ("data", bytes(data)), ("strls", b""), ("value_labels", bytes(value_labels))]
    # the map: where each part starts (14 offsets, the first the file's), its own size known
    at = len(b"<stata_dta>") + len(header)
    where = [0, at]
    at += len(_tag("map", b"\x00" * 8 * 14))
    for name, body in parts:
        where.append(at)
        at += len(_tag(name, body))
    where += [at, at + len(b"</stata_dta>")]
    out = bytearray(b"<stata_dta>" + header + _tag("map", b"".join(struct.pack("<Q", o) for o in where)))
    for name, body in parts:
        out += _tag(name, body)
    out += b"</stata_dta>"
    return bytes(out)


# -- SPSS: the system file (.sav), uncompressed, UTF-8 ----------------------------------------

_SYSMIS = -1.7976931348623157e308  # -DBL_MAX: SPSS's system-missing value
_SAV_HIGHEST, _SAV_LOWEST = 1.7976931348623157e308, -1.7976931348623155e308


def _i32(*values: int) -> bytes:
    return struct.pack(f"<{len(values)}i", *values)


def sav_bytes(table: Table) -> bytes:
    """The table as an SPSS system file: numbers as doubles (missing: system-missing), texts as
    strings of up to 255 bytes, variable labels, value labels, long names (extension record
    13) and the UTF-8 encoding (record 20)."""
    cols = table.columns
    widths = [0 if c.numeric else min(max([len(str(v or "").encode("utf-8")) for v in c.values] + [1]), 255)
              for c in cols]
    segments = [1 if w == 0 else math.ceil(w / 8) for w in widths]  # 8-byte units per variable
    shorts = [f"V{i + 1}" for i in range(len(cols))]
    out = bytearray()
    out += b"$FL2" + b"@(#) SPSS DATA FILE rrdesk".ljust(60)
    out += _i32(2, sum(segments), 0, 0, table.rows) + struct.pack("<d", 100.0)
    out += b"01 Jan 70" + b"00:00:00" + _fixed(table.label, 65)[:64].replace(b"\x00", b" ") + b"\x00" * 3
    index: dict[str, int] = {}  # variable name → its 1-based position among the 8-byte units
    unit = 1
    for c, w, short, n in zip(cols, widths, shorts, segments):
        index[c.name] = unit
        unit += n
        whole = all(v is None or float(v).is_integer() for v in c.values) if w == 0 else True
        fmt = (5 << 16) | (12 << 8) | (0 if whole else 4) if w == 0 else (1 << 16) | (w << 8)
        label = c.label.encode("utf-8")[:255]
        while True:
            try:
                label.decode("utf-8")
                break
            except UnicodeDecodeError:
                label = label[:-1]
        out += _i32(2, w, 1, 0, fmt, fmt) + short.encode().ljust(8)
        out += _i32(len(label)) + label + b"\x00" * (-len(label) % 4)
        for _ in range(n - 1):  # a long string's continuation units
            out += _i32(2, -1, 0, 0, 0, 0) + b" " * 8
    for c in cols:
        if not c.value_labels:
            continue
        out += _i32(3, len(c.value_labels))
        for value, text in sorted(c.value_labels.items()):
            data = text.encode("utf-8")[:120]
            while True:
                try:
                    data.decode("utf-8")
                    break
                except UnicodeDecodeError:
                    data = data[:-1]
            entry = bytes([len(data)]) + data
            out += struct.pack("<d", float(value)) + entry + b" " * (-len(entry) % 8)
        out += _i32(4, 1, index[c.name])
    out += _i32(7, 3, 4, 8, 1, 0, 0, -1, 1, 1, 2, 65001)  # machine: IEEE 754, little-endian, UTF-8
    out += _i32(7, 4, 8, 3) + struct.pack("<3d", _SYSMIS, _SAV_HIGHEST, _SAV_LOWEST)
    names = "\t".join(f"{s}={c.name}" for s, c in zip(shorts, cols)).encode("utf-8")
    out += _i32(7, 13, 1, len(names)) + names
    out += _i32(7, 20, 1, 5) + b"UTF-8"
    out += _i32(999, 0)
    for i in range(table.rows):
        for c, w, n in zip(cols, widths, segments):
            v = c.values[i]
            if c.numeric:
                out += struct.pack("<d", _SYSMIS if v is None else float(v))
            else:
                data = _fixed(str(v or ""), w + 1)[:w].rstrip(b"\x00")
                out += data + b" " * (8 * n - len(data))
    return bytes(out)
