"""``report.html``: the coordinator's results as one self-contained page.

Inline CSS and inline SVG only -- no script, no font, no image, no link to anything -- so the
file opens offline, on any browser, and can be mailed or printed as it is. Every text that
comes from a survey file or a bundle is escaped: a bundle is hostile input (docs/ARCHITECTURE.md, threat
model 5). Pure: :func:`render` returns a string.
"""
from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass
from html import escape
from typing import Sequence

import rrdesk
from rrdesk.core import disclosure
from rrdesk.core.fieldwork import Fieldwork
from rrdesk.core.problems import Problem
from rrdesk.core.regression import CHEATING, MODEL_METHOD
from rrdesk.core.results import fitting
from rrdesk.core.results.fitting import ModelResult
from rrdesk.core.results.model import FOLD_OVER, SMALL_GROUP, Group, QuestionResult, Results, folded, small_sample

DESIGN_NAMES = {"forced": "forced response", "warner": "Warner's mirrored question",
                "unrelated": "unrelated question", "kary": "k-ary randomized response",
                "cdm": "cheating detection", "unrelated_unknown": "unrelated question, unknown prevalence",
                "direct": "asked directly"}
# chart geometry in SVG user units; 820 wide is about the card's width, so 13 units ≈ 13 px
_W, _LABEL, _VALUES, _ROW = 820, 200, 150, 24
_PLOT = _W - _LABEL - _VALUES - 16
_LOG_NAME = re.compile(r"([0-9a-f]{32})-([0-9a-f]{32})\.rrlog(\.key)?\Z")  # Station's names (FORMAT.md §1.1)

_CSS = """
:root{--ink:#1d2430;--muted:#5b6472;--line:#d8dde4;--est:#1f5fa8;--band:#a9c8ec;--rep:#c4661f;
--ok:#e7f4ea;--okb:#2e7d32;--warn:#fff4e0;--warnb:#b26a00;--bg:#f6f7f9}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--ink);
font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:880px;margin:0 auto;padding:24px 20px 48px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 10px}
h3{font-size:16px;margin:0}.muted{color:var(--muted)}.small{font-size:13px}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:16px 0}
.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:120px}
.card b{display:block;font-size:22px}.card span{color:var(--muted);font-size:13px}
.status{border-radius:8px;padding:10px 14px;margin:12px 0;border-left:5px solid}
.status.ok{background:var(--ok);border-color:var(--okb)}.status.bad{background:var(--warn);border-color:var(--warnb)}
.note{background:#fff;border:1px solid var(--line);border-radius:8px;padding:4px 18px}
section.q{background:#fff;border:1px solid var(--line);border-radius:10px;padding:16px 18px;margin:14px 0;
break-inside:avoid}
.chips{margin-bottom:4px}.chip{display:inline-block;background:var(--bg);border:1px solid var(--line);
border-radius:12px;padding:0 9px;font-size:12px;margin-right:4px;white-space:nowrap}
section.q h3{font-size:17px;line-height:1.35;margin:2px 0 6px}
.big{font-size:28px;font-weight:650;color:var(--est)}.big small{font-size:15px;font-weight:400;color:var(--muted)}
table{border-collapse:collapse;width:100%;font-size:14px;margin-top:6px}
th,td{text-align:right;padding:3px 8px;border-bottom:1px solid var(--line)}
th:first-child,td:first-child{text-align:left}th{font-weight:600;color:var(--muted)}
svg{width:100%;height:auto;display:block;margin:6px 0}
.legend{font-size:12px;color:var(--muted)}.legend i{display:inline-block;width:18px;height:8px;
vertical-align:middle;margin:0 4px 0 12px}
.warn{color:var(--warnb)}details{margin-top:8px}summary{cursor:pointer;color:var(--muted);font-size:13px}
.flag{border-left:4px solid var(--warnb);background:var(--warn);padding:6px 12px;margin:6px 0;border-radius:6px}
.who{background:#fff;border:1px solid var(--line);border-radius:10px;padding:8px 14px;margin:8px 0;break-inside:avoid}
.problems td{text-align:left;vertical-align:top}.problems td:first-child{width:34%;word-break:break-all}
.problems td:nth-child(2){text-align:right;white-space:nowrap}
code{font-size:13px}footer{margin-top:36px;color:var(--muted);font-size:12px}
@media print{body{background:#fff}section.q{border-color:#bbb}}
"""

_HOW_TO_READ = """
<p><b>Why the recorded answers are not the result.</b> Each sensitive question was answered through
a spinner. With a known chance it told the respondent to answer truthfully; otherwise it chose what
was recorded (or had them answer the opposite, or another, harmless question). So one recorded answer
says very little about the person who gave it &mdash; that is what protects them &mdash; and the share
of recorded YES answers is <em>not</em> the share of people for whom YES is true.</p>
<p><b>What the estimate is.</b> Because the spinner's chances are known exactly, rrdesk works back
from the recorded shares to the share of respondents for whom each answer is true: that is the
<b>estimate</b>. The charts show it as a <span style="color:var(--est)">&#9679; dot</span>, the
recorded share as an <span style="color:var(--rep)">&#9671; open diamond</span>.</p>
<p><b>How sure it is.</b> The bar around the dot is the <b>95&nbsp;% confidence interval</b>: the range
of true shares that fit the answers. Randomizing costs precision, so the intervals are wider than
for the same number of people asked directly; they narrow as more people answer. Treat differences
between questions or groups whose intervals overlap widely as unproven, and be careful with questions
and groups of fewer than """ + str(SMALL_GROUP) + """ answers (marked &#9888;). An estimate of 0&nbsp;% or 100&nbsp;%
means the recorded answers sat at the edge of what the spinner can produce; the interval says how far
the truth may be from it.</p>
<p><b>Privacy (&epsilon;).</b> &epsilon; bounds how much one recorded answer can reveal about the
person: the smaller, the more private. A respondent's total is the sum over the randomized questions.</p>
"""


def render(results: Results, problems: Sequence[Problem], *, bundles: Sequence[str] = (),
           generated: str = "", versions: Sequence[str] = (),
           by_version: Sequence[tuple[str, Results]] = (), fieldwork: Fieldwork | None = None) -> str:
    """The whole page; ``versions``: the survey versions the records name (pooled in ``results``),
    ``by_version``: each version alone, when their randomized questions read differently;
    ``fieldwork``: the Fieldwork section (the table, the interviewer checks, a chart per
    interviewer over the days, the laptops and their custody)."""
    s = results.survey
    randomized = [r for r in results.questions if r.question.design is not None]
    direct = [r for r in results.questions if r.question.design is None]
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             f"<title>{escape(s.title)} &mdash; results</title><style>{_CSS}</style></head><body><main>",
             f"<h1>{escape(s.title)}</h1><div class=\"muted\">Survey <code>{escape(s.id)}</code> &middot; "
             f"results from {len(bundles)} export bundle{'s' if len(bundles) != 1 else ''}"
             f"{' &middot; ' + escape(generated) if generated else ''}</div>",
             _cards(results), _status(problems),
             f"<h2>How to read these results</h2><div class=\"note\">{_HOW_TO_READ}</div>"]
    if results.by:
        parts.append(f"<p class=\"muted\">Each question is also split by the answer to "
                     f"<b>{escape(results.by)}</b>.</p>")
    parts.append("<h2>Sensitive questions (randomized)</h2>")
    parts += [_question(r, results.by, s.default_language) for r in randomized]
    if direct:
        parts.append("<h2>Asked directly</h2><p class=\"muted small\">Not randomized: the shares are "
                     "the answers as given.</p>")
        parts += [_question(r, results.by, s.default_language) for r in direct]
    if randomized:
        parts.append(_outside_epsilon(randomized))
    parts.append(_versions(versions, by_version))
    if results.model is not None:
        parts.append(_model(results.model))
    if fieldwork is not None:
        parts.append(_fieldwork(fieldwork))
    parts.append(_problems(problems))
    parts.append(f"<footer>Made by rrdesk {escape(rrdesk.__version__)}. Bundles: "
                 f"{escape(', '.join(_base(b) for b in bundles)) or 'none'}.</footer></main></body></html>\n")
    return "\n".join(parts)


def _outside_epsilon(randomized: Sequence[QuestionResult]) -> str:
    """What declines and abandons disclose (not randomized: no ε), and their counts per question."""
    rows = "".join(f"<tr><td><code>{escape(r.question.id)}</code></td><td>{r.declined}</td><td>{r.abandoned}</td>"
                   f"<td>{r.abandoned_after_spin}</td></tr>" for r in randomized)
    kinds = "".join(f"<li>{escape(text)}</li>" for _, text in disclosure.OUTSIDE_EPSILON)
    return (f"<h2>Declined and abandoned: outside &epsilon;</h2><div class=\"note\"><p>{escape(disclosure.SUMMARY)}"
            f"</p><ul>{kinds}</ul></div><table><thead><tr><th>question</th><th>declined</th><th>not reached"
            f"</th><th>stopped after the spin</th></tr></thead><tbody>{rows}</tbody></table>")


def _base(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _cards(r: Results) -> str:
    rate = r.response_rate  # why: a refusal is an interview begun, so there is a rate wherever one is shown
    items = [(str(r.interviews), "interviews"), (str(r.records), "records used"),
             (str(r.devices), "laptops"),
             *([(str(r.refused), f"refused consent (response rate {_pct(rate)})")] if r.refused and rate is not None
               else []),
             (f"{r.survey.epsilon_per_respondent:.2f}",
              f"total &epsilon; per respondent (cap {r.survey.max_epsilon:g})")]
    return "<div class=\"cards\">" + "".join(f"<div class=\"card\"><b>{v}</b><span>{k}</span></div>"
                                             for v, k in items) + "</div>"


def _status(problems: Sequence[Problem]) -> str:
    if not problems:
        return ("<div class=\"status ok\"><b>Every bundle verified.</b> Each record's chain, tag and "
                "content checked out; records found in several bundles were counted once.</div>")
    n = len(problems)
    return (f"<div class=\"status bad\"><b>{n} problem{'s' if n != 1 else ''} found</b> &mdash; the damaged "
            "or doubtful records were left out and everything else was used. "
            "<a href=\"#problems\">See the list at the end.</a></div>")


def _versions(versions: Sequence[str], by_version: Sequence[tuple[str, Results]]) -> str:
    """Which survey versions are pooled, or each version's randomized estimates in its own wording."""
    if len(versions) < 2:
        return ""
    names = ", ".join(escape(v) for v in versions)
    if not by_version:
        return (f"<p class=\"muted\">Survey versions {names} are pooled: their randomized questions read "
                "the same in every language.</p>")
    parts = [f"<h2 id=\"versions\">By survey version</h2><p class=\"muted small\">The randomized questions of "
             f"versions {names} read differently, so each version is estimated alone, in its own wording. "
             "The estimates above pool them (the spinners are the same).</p>"]
    for version, found in by_version:
        parts.append(f"<h3>Version {escape(version)}</h3>")
        parts += [_question(r, None, found.survey.default_language) for r in found.questions
                  if r.question.design is not None]
    return "\n".join(parts)


def _question(r: QuestionResult, by: str | None, lang: str) -> str:
    q, e = r.question, r.estimate
    chips = [f"<code>{escape(q.id)}</code>", DESIGN_NAMES.get(q.kind, q.kind)]
    if r.epsilon is not None:
        chips.append(f"&epsilon; = {r.epsilon:.2f}")
    chips.append(f"n = {e.n}")
    section = f"<p class=\"muted small\">{escape(q.heading.pick(lang))}</p>" if q.heading else ""  # its group's label
    head = ("<div class=\"chips\">" + "".join(f"<span class=\"chip\">{c}</span>" for c in chips) + "</div>"
            f"{section}<h3>{escape(q.text_in(lang))}</h3>")
    # a number question's answers are its bins (QuestionResult.labels); a yes/no question's No, Yes
    labels = q.choice_labels(lang) or (tuple(r.labels) if q.number is not None else ("No", "Yes"))
    if e.n == 0:
        return f"<section class=\"q\">{head}<p class=\"muted\">No answers recorded.</p></section>"
    small = small_sample(e.n)  # the headline flagged as a subgroup is: n = 6 is no estimate to quote
    if r.yes_no:
        lo, hi = e.ci95[1]
        what = "estimated share for whom YES is true" if q.design is not None else "answered YES"
        big = (f"<div class=\"big\">{_pct(e.estimate[1])} <small>{what} &middot; 95&nbsp;% CI "
               f"{_pct(lo)} &ndash; {_pct(hi)}</small></div>")
        rows = [_Row("YES", e.estimate[1], e.ci95[1], e.reported[1] / e.n, small)]
    else:
        top = max(range(len(labels)), key=lambda j: e.estimate[j])
        big = (f"<div class=\"big\">{_pct(e.estimate[top])} <small>{escape(labels[top])}, the most common "
               f"answer &middot; 95&nbsp;% CI {_pct(e.ci95[top][0])} &ndash; {_pct(e.ci95[top][1])}</small></div>")
        rows = [_Row(labels[j], e.estimate[j], e.ci95[j], e.reported[j] / e.n, small) for j in range(len(labels))]
    randomized = q.design is not None
    table = _table(r, labels)
    if len(rows) > FOLD_OVER:  # a number question's many bins (a site code): the largest charted
        rows = sorted(rows, key=lambda row: -(row.estimate or 0.0))[:FOLD_OVER]
        table = (f"<p class=\"small\">The {FOLD_OVER} most common of {len(labels)} answers are charted.</p>"
                 f"<details><summary>All {len(labels)} answers</summary>{table}</details>")
    parts = [head, big, _chart(rows, show_reported=randomized), _legend(randomized), table]
    if small:
        parts.insert(2, f"<p class=\"warn\">&#9888; {escape(small)}</p>")
    if r.groups:
        parts.append(_groups(r, by or "", labels))
    if r.weighted is not None:
        w = r.weighted
        j = 1 if r.yes_no else int(max(range(len(labels)), key=lambda i: w.estimate[i]))
        deff = w.deff if "strata and clusters" in w.method else None  # the survey's [sample]
        designed = deff is not None
        strata = f"{w.strata} {'stratum' if w.strata == 1 else 'strata'}"
        sampled = f"; {strata}, {w.clusters} clusters, design effect {deff[j]:.2f}" if deff is not None else ""
        parts.append(f"<p class=\"small\"><b>Weighted</b> ({'sample design' if designed else 'survey weights'}): "
                     f"{escape(labels[j])} "
                     f"{_pct(w.estimate[j])}, 95&nbsp;% CI {_pct(w.ci95[j][0])} &ndash; {_pct(w.ci95[j][1])}, "
                     f"SE {_pct(w.se[j])} (linearized; effective n {w.n_effective[j]:.0f} of {w.n}{sampled}"
                     f"{f', {r.weight_left_out} without a known weight left out' if r.weight_left_out else ''})</p>")
    if r.cheating is not None:
        c = r.cheating
        parts.append("<p class=\"small\"><b>Cheating detection</b> (two groups, " + f"{c.n[0]} and {c.n[1]} answers): "
                     + " &middot; ".join(f"{label} {_pct(c.estimate[key])} [{_pct(c.ci95[key][0])} &ndash; "
                                         f"{_pct(c.ci95[key][1])}]" for key, label in (
                                             ("truthful_yes", "honest, YES"), ("honest_no", "honest, NO"),
                                             ("cheating", "saying NO whatever the spinner shows")))
                     + "</p>")
    if r.innocuous is not None:
        u, between = r.innocuous, r.question.unrelated_between or (0.0, 1.0)
        parts.append("<p class=\"small\"><b>Unknown innocuous prevalence</b> (two groups, "
                     f"{u.n[0]} and {u.n[1]} answers): the other question's YES share {_pct(u.estimate['pi_u'])} "
                     f"[{_pct(u.ci95['pi_u'][0])} &ndash; {_pct(u.ci95['pi_u'][1])}]; ε assumed it between "
                     f"{_pct(between[0])} and {_pct(between[1])}</p>")
    if r.noncompliance:
        parts.append(f"<p class=\"warn\" role=\"alert\">&#9888; {escape(r.noncompliance)}</p>")
    extra = []
    if r.declined or r.abandoned or r.abandoned_after_spin:
        extra.append(f"{r.declined} declined, {r.abandoned} not reached (interview ended early), "
                     f"{r.abandoned_after_spin} stopped after the spin")
    extra.append(f"Method: {escape(e.method)}")
    parts.append(f"<p class=\"muted small\">{' &middot; '.join(extra)}</p>")
    return "<section class=\"q\">" + "".join(parts) + "</section>"


def _legend(randomized: bool) -> str:
    rep = ("<i style=\"background:none;border:2px solid var(--rep);width:10px;height:10px;"
           "transform:rotate(45deg)\"></i>recorded share (before correction)") if randomized else ""
    return (f"<div class=\"legend\"><i style=\"background:var(--est);border-radius:4px;width:8px\"></i>estimate"
            f"<i style=\"background:var(--band)\"></i>95&nbsp;% confidence interval{rep}</div>")


@dataclass(frozen=True)
class _Row:
    """One line of a chart; without an estimate it is a heading (a subgroup's name)."""

    label: str
    estimate: float | None = None
    ci: tuple[float, float] = (0.0, 0.0)
    reported: float | None = None
    warning: str = ""


def _chart(rows: Sequence[_Row], *, show_reported: bool) -> str:
    """Rows on one 0–100 % axis: the interval as a band, the estimate as a dot, the recorded
    share as an open diamond, and the numbers on the right."""
    height = 24 + _ROW * len(rows)

    def x(v: float) -> float:
        return _LABEL + _PLOT * min(max(v, 0.0), 1.0)

    out = [f"<svg viewBox=\"0 0 {_W} {height}\" role=\"img\" aria-label=\"estimates with 95% intervals\" "
           f"font-size=\"13\">"]
    for tick in range(0, 101, 25):
        tx = x(tick / 100)
        out.append(f"<line x1=\"{tx:.1f}\" y1=\"4\" x2=\"{tx:.1f}\" y2=\"{height - 18}\" stroke=\"#e3e7ec\"/>"
                   f"<text x=\"{tx:.1f}\" y=\"{height - 4}\" font-size=\"11\" fill=\"#5b6472\" "
                   f"text-anchor=\"middle\">{tick}%</text>")
    for i, row in enumerate(rows):
        cy = 6 + _ROW * i + _ROW / 2
        colour = "#b26a00" if row.warning else "#1d2430"
        name = escape(_clip(("\u26a0 " if row.warning else "") + row.label, 34 if row.estimate is None else 28))
        if row.estimate is None:
            out.append(f"<text x=\"2\" y=\"{cy + 4:.1f}\" font-weight=\"600\" fill=\"{colour}\">{name}</text>")
            continue
        lo, hi = row.ci
        out.append(f"<text x=\"{_LABEL - 10}\" y=\"{cy + 4:.1f}\" text-anchor=\"end\" fill=\"{colour}\">{name}</text>")
        out.append(f"<rect x=\"{x(lo):.1f}\" y=\"{cy - 6:.1f}\" width=\"{max(x(hi) - x(lo), 1.5):.1f}\" "
                   f"height=\"12\" rx=\"3\" fill=\"#a9c8ec\"/>")
        if show_reported and row.reported is not None:
            rx = x(row.reported)
            out.append(f"<path d=\"M{rx:.1f} {cy - 6:.1f} L{rx + 6:.1f} {cy:.1f} L{rx:.1f} {cy + 6:.1f} "
                       f"L{rx - 6:.1f} {cy:.1f} Z\" fill=\"none\" stroke=\"#c4661f\" stroke-width=\"2\"/>")
        out.append(f"<circle cx=\"{x(row.estimate):.1f}\" cy=\"{cy:.1f}\" r=\"5.5\" fill=\"#1f5fa8\">"
                   f"<title>{escape(row.label)}: {_pct(row.estimate)} (95% CI {_pct(lo)} to {_pct(hi)})</title>"
                   "</circle>")
        out.append(f"<text x=\"{_W - 2}\" y=\"{cy + 4:.1f}\" text-anchor=\"end\" fill=\"#1d2430\">"
                   f"<tspan font-weight=\"600\">{_pct(row.estimate)}</tspan>"
                   f"<tspan fill=\"#5b6472\" font-size=\"12\"> {100 * lo:.0f}&#8211;{100 * hi:.0f}%</tspan></text>")
    out.append("</svg>")
    return "".join(out)


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most - 1] + "\u2026"


def _table(r: QuestionResult, labels: Sequence[str]) -> str:
    e = r.estimate
    head = ("<tr><th>answer</th><th>recorded</th><th>recorded share</th><th>estimated share</th>"
            "<th>95&nbsp;% CI</th></tr>") if r.question.design is not None else \
        "<tr><th>answer</th><th>answers</th><th>share</th><th>95&nbsp;% CI</th></tr>"
    body = []
    for j, label in enumerate(labels):
        cells = [escape(label), str(e.reported[j])]
        if r.question.design is not None:
            cells.append(_pct(e.reported[j] / e.n))
        cells += [_pct(e.estimate[j]), f"{_pct(e.ci95[j][0])} &ndash; {_pct(e.ci95[j][1])}"]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def _groups(r: QuestionResult, by: str, labels: Sequence[str]) -> str:
    """The question by subgroup: YES per group, or every answer under a heading per group."""
    rows: list[_Row] = []
    notes = []
    shown, small = folded(r.groups)
    for g in shown:
        name, e = g.name or "(unknown)", g.estimate
        if e.n == 0:
            notes.append(f"{escape(name)}: no answers")
            continue
        if r.yes_no:
            rows.append(_Row(f"{name} (n={e.n})", e.estimate[1], e.ci95[1], e.reported[1] / e.n, g.warning))
        else:
            rows.append(_Row(f"{name} (n={e.n})", warning=g.warning))
            rows += [_Row(labels[j], e.estimate[j], e.ci95[j], e.reported[j] / e.n, g.warning)
                     for j in range(len(labels))]
        if g.warning:
            notes.append(f"<span class=\"warn\">&#9888; {escape(name)}: {escape(g.warning)}</span>")
        if g.weighted is not None:  # the survey's [weight] / [sample]: the subgroup's design-based estimate
            w = g.weighted
            j = 1 if r.yes_no else int(max(range(len(labels)), key=lambda i: w.estimate[i]))
            deff = "" if w.deff is None or not w.deff[j] == w.deff[j] else f", design effect {w.deff[j]:.2f}"
            notes.append(f"{escape(name)}, weighted: {escape(labels[j])} {_pct(w.estimate[j])}, 95&nbsp;% CI "
                         f"{_pct(w.ci95[j][0])} &ndash; {_pct(w.ci95[j][1])}, SE {_pct(w.se[j])}{deff}")
    what = "YES" if r.yes_no else "each answer"
    out = [f"<details open><summary>By {escape(by)}: estimated share of {what} in each group</summary>"]
    if rows:
        out.append(_chart(rows, show_reported=r.question.design is not None))
    if notes:
        out.append("<p class=\"small\">" + "<br>".join(notes) + "</p>")
    if small:
        out.append(_small_groups(r, small, labels, charted=len(shown)))
    out.append("</details>")
    return "".join(out)


def _small_groups(r: QuestionResult, small: Sequence[Group], labels: Sequence[str], charted: int) -> str:
    """The groups of under :data:`SMALL_GROUP` answers when there are many groups, folded into
    one table: their intervals are too wide to chart one by one."""
    cats = [1] if r.yes_no else list(range(len(labels)))
    head = "".join(f"<th>{'YES' if r.yes_no else escape(labels[j])}</th>" for j in cats)
    body = []
    for g in small:
        e = g.estimate
        cells = [escape(g.name or "(unknown)"), str(e.n)]
        if e.n == 0:
            cells += ["no answers"] + [""] * (len(cats) - 1)
        else:
            cells += [f"{_pct(e.estimate[j])} ({_pct(e.ci95[j][0])} &ndash; {_pct(e.ci95[j][1])})" for j in cats]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    what = (f"{charted} group{'s' if charted != 1 else ''} of at least {SMALL_GROUP} answers charted above; "
            f"{len(small)} with fewer answers are" if charted else
            f"All {len(small)} groups have fewer than {SMALL_GROUP} answers each, and are")
    return (f"<p class=\"small\">{what} folded below: their intervals are too wide to compare one by one "
            "(estimates.csv holds every group).</p>"
            f"<details><summary>{len(small)} small groups (under {SMALL_GROUP} answers)</summary>"
            f"<table><tr><th>group</th><th>n</th>{head}</tr>{''.join(body)}</table></details>")


def _where(p: Problem) -> str:
    """The file's name and, inside a bundle, a short name for the log (full name on hover)."""
    member = p.member
    out = f"<code>{escape(_base(p.file))}</code>"
    if member:
        named = _LOG_NAME.match(member)
        short = f"log {named[2][:8]}&hellip; of laptop {named[1][:8]}{' (key file)' if named[3] else ''}" \
            if named else escape(member)
        out += f"<br><span class=\"muted small\" title=\"{escape(member)}\">{short}</span>"
    return out


def _problems(problems: Sequence[Problem]) -> str:
    if not problems:
        return "<h2 id=\"problems\">Problems</h2><p>None: every bundle, log and record verified.</p>"
    rows = "".join(f"<tr><td>{_where(p)}</td><td>"
                   f"{'' if p.record is None else 'record ' + str(p.record)}</td><td>{escape(p.what)}</td></tr>"
                   for p in problems)
    return (f"<h2 id=\"problems\">Problems ({len(problems)})</h2><p class=\"small muted\">Each names the "
            "bundle and log, the record (its number in the log) and what is wrong. Records named here "
            "were left out; the rest of their log was used.</p>"
            f"<table class=\"problems\"><tr><th>where</th><th>record</th><th>what</th></tr>{rows}</table>")


def _model(m: ModelResult) -> str:
    """The logistic regression: a coefficient table with odds ratios, and the odds ratios'
    95 % intervals drawn on a log scale (1 = no difference)."""
    several = bool(m.model.outcome.choices)  # a kary outcome: multinomial, terms ANSWER:TERM
    kind = "Multinomial logistic" if several else "Cheating-detection logistic" if m.model.outcome.kind == "cdm" else "Logistic"
    head = (f"<h2>{kind} regression: "
            f"<code>{escape(m.model.text)}</code></h2>")
    fit = m.fit
    if fit is None:
        return head + f"<p class=\"warn\">Not fitted: {escape(m.note)}</p>"
    lines = [r for r in fitting.rows(m) if r["term"] != CHEATING]  # a share, not an odds ratio: said below
    share = fitting.cheating(m)
    intro = (f"<p class=\"muted small\">Who is more likely to have the trait of <b>{escape(m.model.outcome.id)}</b>: "
             f"{'weighted pseudo-likelihood' if fit.method != MODEL_METHOD else 'maximum likelihood'} on the "
             f"recorded answers, modelling the spinner exactly"
             f"{'; standard errors from the survey weights, strata and clusters (sandwich)' if fit.method != MODEL_METHOD else ''}."
             f" {fit.n} respondents"
             f"{f', {m.left_out} left out (a direct answer unknown or skipped)' if m.left_out else ''}; "
             f"log-likelihood {fit.loglik:.3f}. An odds ratio above 1 means more likely than the reference "
             f"(the first choice of each question)"
             f"{'; a term ANSWER:TERM compares that answer with the first answer of ' + escape(m.model.outcome.id) if several else ''}."
             "</p>")
    rows = "".join(f"<tr><td>{escape(str(r['term']))}</td><td>{r['estimate']:.4f}</td><td>{r['se']:.4f}</td>"
                   f"<td>{r['p_value']:.3g}</td><td>{r['odds_ratio']:.3f}</td>"
                   f"<td>{r['or_low']:.3f} &ndash; {r['or_high']:.3f}</td></tr>" for r in lines)
    table = ("<table><tr><th>term</th><th>coefficient</th><th>SE</th><th>p</th><th>odds ratio</th>"
             f"<th>95&nbsp;% CI</th></tr>{rows}</table>")
    tests = "".join(f"<li><code>{escape(str(t['term']))}</code>: χ² {t['chi2']:.3f} on {t['df']} df, p {t['p_value']:.3g}</li>"
                    for t in fitting.factor_tests(m))
    if tests:
        table += ("<p class=\"small\">Does the answer matter at all? The joint Wald test that all of a question's "
                  f"odds ratios are 1:</p><ul class=\"small\">{tests}</ul>")
    if share is not None:
        ci = share["ci95"]
        table += ("<p class=\"small\">Cheating detection: the odds ratios are of the trait among the honest "
                  f"respondents; the share who say NO whatever the spinner shows is {share['estimate']:.3f}"
                  + (f" (95&nbsp;% CI {ci[0]:.3f} &ndash; {ci[1]:.3f})" if isinstance(ci, tuple) else
                     " (at the edge: the likelihood is highest below 0, so it is held at 0)") + ", the same for everyone.</p>")
    notes = [f"no respondent gave {escape(', '.join(m.empty))} (left out)"] if m.empty else []
    notes += [escape(m.note)] if m.note else []
    extra = "".join(f"<p class=\"warn\">&#9888; {n}</p>" for n in notes)
    return head + intro + _odds_plot(lines[1:]) + table + extra


def _odds_plot(lines: Sequence[dict]) -> str:
    if not lines:
        return ""
    low = min(min(float(r["or_low"]) for r in lines), 0.5)
    high = max(max(float(r["or_high"]) for r in lines), 2.0)
    lo, hi = math.log(max(low, 1e-3)), math.log(min(high, 1e3))
    height = 24 + _ROW * len(lines)

    def x(v: float) -> float:
        return _LABEL + _PLOT * (min(max(math.log(max(v, 1e-300)), lo), hi) - lo) / (hi - lo)

    out = [f"<svg viewBox=\"0 0 {_W} {height}\" role=\"img\" aria-label=\"odds ratios with 95% intervals\" "
           "font-size=\"13\">"]
    for tick in (0.1, 0.25, 0.5, 1, 2, 4, 10):
        if lo <= math.log(tick) <= hi:
            tx = x(tick)
            out.append(f"<line x1=\"{tx:.1f}\" y1=\"4\" x2=\"{tx:.1f}\" y2=\"{height - 18}\" "
                       f"stroke=\"{'#5b6472' if tick == 1 else '#e3e7ec'}\"/><text x=\"{tx:.1f}\" y=\"{height - 4}\" "
                       f"font-size=\"11\" fill=\"#5b6472\" text-anchor=\"middle\">{tick:g}</text>")
    for i, r in enumerate(lines):
        cy = 6 + _ROW * i + _ROW / 2
        a, b, o = x(float(r["or_low"])), x(float(r["or_high"])), x(float(r["odds_ratio"]))
        out.append(f"<text x=\"{_LABEL - 10}\" y=\"{cy + 4:.1f}\" text-anchor=\"end\">"
                   f"{escape(_clip(str(r['term']), 28))}</text>"
                   f"<rect x=\"{a:.1f}\" y=\"{cy - 6:.1f}\" width=\"{max(b - a, 1.5):.1f}\" height=\"12\" rx=\"3\" "
                   f"fill=\"#a9c8ec\"/><circle cx=\"{o:.1f}\" cy=\"{cy:.1f}\" r=\"5.5\" fill=\"#1f5fa8\"/>"
                   f"<text x=\"{_W - 2}\" y=\"{cy + 4:.1f}\" text-anchor=\"end\">{float(r['odds_ratio']):.2f}</text>")
    out.append("</svg>")
    return "".join(out)


# -- the Fieldwork section ---------------------------------------------------------------------------

NOT_RECORDED = "(interviewer not recorded)"  # records written before rrdesk-record/3 name none

_CHECK_NAMES = {"impossible_rate": "impossible rate", "heterogeneity": "differs from the others",
                "direct_distribution": "direct answers", "digit_preference": "digit preference",
                "pace": "interviews per day", "duration": "interview length"}


def _fieldwork(work: Fieldwork) -> str:
    """Who sent what and when: progress, the interviewer checks' flags, a chart per interviewer
    over the days, the laptops (bundles, custody), and the whole table (counts only)."""
    p = work.progress
    begun = sum(i.counts.started for i in work.interviewers)
    parts = [f"<h2 id=\"fieldwork\">Fieldwork</h2><p class=\"muted small\">{escape(work.first_day)} &ndash; "
             f"{escape(work.last_day)}: {begun} interview{'s' if begun != 1 else ''} begun by "
             f"{len(work.interviewers)} interviewer{'s' if len(work.interviewers) != 1 else ''} on "
             f"{len(work.laptops)} laptop{'s' if len(work.laptops) != 1 else ''}. Counts only: no answer of "
             "anyone is shown here.</p>"]
    if p.share is not None:
        parts.append(_progress([("all", p.completed)] + list(p.groups), p.planned, p.by))
    flagged = [i for i in work.interviewers if i.flags]
    parts.append(f"<h3>Interviewer checks</h3><p class=\"muted small\">Each check compares an interviewer's "
                 f"counts with what the spinner can produce and with the other interviewers'; each keeps its "
                 f"false alarms, when every interviewer works honestly, to {100 * work.alpha:g}&nbsp;% of studies. "
                 "A flag asks for a look (a visit, a call-back, a word with the interviewer); it proves "
                 "nothing.</p>")
    for i in flagged:
        items = "".join(f"<li><b>{escape(_CHECK_NAMES.get(f.check, f.check))}</b>: {escape(f.sentence)}</li>"
                        for f in i.flags)
        parts.append(f"<div class=\"flag\"><b>{escape(i.id or NOT_RECORDED)}</b> &middot; {len(i.flags)} "
                     f"flag{'s' if len(i.flags) != 1 else ''}<ul class=\"small\">{items}</ul></div>")
    if not flagged:
        parts.append("<p>No interviewer was flagged.</p>")
    days = _days(work.first_day, work.last_day)
    top = max((n for i in work.interviewers for _, n in i.per_day), default=1)
    parts.append("<h3>Interviews per day</h3>")
    for i in work.interviewers:
        c = i.counts
        extra = f" &middot; median {i.median_minutes:g} min" if i.median_minutes is not None else ""
        marks = f" &middot; <span class=\"warn\">&#9873; {len(i.flags)} flag{'s' if len(i.flags) != 1 else ''}</span>" \
            if i.flags else ""
        parts.append(f"<div class=\"who\"><b>{escape(i.id or NOT_RECORDED)}</b> <span class=\"muted small\">"
                     f"{escape(', '.join(i.laptops))} &middot; {c.started} begun, {c.completed} completed, "
                     f"{c.stopped} stopped, {c.refused} refused{f', {c.synthetic} synthetic' if c.synthetic else ''}"
                     f"{extra}</span>{marks}{_day_bars(i.id, dict(i.per_day), days, top)}</div>")
    rows = "".join(f"<tr><td>{escape(lap.name)}</td><td>{len(lap.bundles)}</td>"
                   f"<td>{escape(lap.bundles[-1].exported) if lap.bundles else ''}</td>"
                   f"<td>{lap.synthetic_left_out or ''}</td>"
                   f"<td style=\"text-align:left\">{'<br>'.join(escape(e) for e in lap.custody) or 'none'}</td></tr>"
                   for lap in work.laptops)
    parts.append("<h3>Laptops</h3><table><tr><th>laptop</th><th>bundles</th><th>last export (UTC)</th>"
                 f"<th>synthetic left out</th><th style=\"text-align:left\">custody</th></tr>{rows}</table>")
    head = "".join(f"<th>{h}</th>" for h in ("laptop", "interviewer", "version", "day", "begun", "completed",
                                             "stopped", "refused", "synthetic", "records", "declined", "abandoned"))
    body = "".join("<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in (
        r.laptop, r.interviewer, r.version, r.day, r.counts.started, r.counts.completed, r.counts.stopped,
        r.counts.refused, r.counts.synthetic, r.counts.records, sum(r.declined.values()),
        sum(r.abandoned.values()))) + "</tr>" for r in work.rows)
    parts.append(f"<details><summary>The whole table ({len(work.rows)} rows; per question in fieldwork.csv)"
                 f"</summary><table>{head}{body}</table></details>")
    return "\n".join(parts)


def _days(first: str, last: str) -> list[str]:
    if not first or not last:
        return []
    a, b = dt.date.fromisoformat(first), dt.date.fromisoformat(last)
    return [(a + dt.timedelta(days=n)).isoformat() for n in range((b - a).days + 1)]


def _day_bars(who: str, per_day: dict[str, int], days: Sequence[str], top: int) -> str:
    """Interviews begun per calendar day of the fieldwork, one bar each (the same scale for every
    interviewer, so their charts compare)."""
    height, base, left = 86, 66, 34
    width = (_W - left - 8) / max(len(days), 1)
    out = [f"<svg viewBox=\"0 0 {_W} {height}\" role=\"img\" aria-label=\"interviews per day, {escape(who)}\" "
           "font-size=\"11\">", f"<line x1=\"{left}\" y1=\"{base}\" x2=\"{_W - 8}\" y2=\"{base}\" stroke=\"#d8dde4\"/>",
           f"<text x=\"{left - 6}\" y=\"12\" text-anchor=\"end\" fill=\"#5b6472\">{top}</text>",
           f"<text x=\"{left - 6}\" y=\"{base}\" text-anchor=\"end\" fill=\"#5b6472\">0</text>"]
    every = max(1, math.ceil(len(days) / 10))
    for k, day in enumerate(days):
        n = per_day.get(day, 0)
        h = (base - 8) * n / max(top, 1)
        x = left + k * width
        if n:
            out.append(f"<rect x=\"{x + width * 0.15:.1f}\" y=\"{base - h:.1f}\" width=\"{max(width * 0.7, 1):.1f}\" "
                       f"height=\"{h:.1f}\" fill=\"#1f5fa8\"><title>{day}: {n}</title></rect>")
        if k % every == 0:
            out.append(f"<text x=\"{x + width / 2:.1f}\" y=\"{base + 14}\" text-anchor=\"middle\" "
                       f"fill=\"#5b6472\">{day[5:]}</text>")
    out.append("</svg>")
    return "".join(out)


def _progress(groups: Sequence[tuple[str, int]], planned: int, by: str | None) -> str:
    """Completed interviews against the plan: one bar for all, then one per ``--by`` group (its
    share of the whole plan)."""
    height = 10 + _ROW * len(groups)
    out = [f"<svg viewBox=\"0 0 {_W} {height}\" role=\"img\" aria-label=\"progress against the plan\" "
           "font-size=\"13\">"]
    for k, (name, done) in enumerate(groups):
        cy = 4 + _ROW * k + _ROW / 2
        share = done / planned if planned else 0.0
        label = "completed, all" if k == 0 else f"{by} = {name}"
        out.append(f"<text x=\"{_LABEL - 10}\" y=\"{cy + 4:.1f}\" text-anchor=\"end\">{escape(_clip(label, 28))}</text>"
                   f"<rect x=\"{_LABEL}\" y=\"{cy - 7:.1f}\" width=\"{_PLOT}\" height=\"14\" rx=\"3\" fill=\"#e3e7ec\"/>"
                   f"<rect x=\"{_LABEL}\" y=\"{cy - 7:.1f}\" width=\"{_PLOT * min(share, 1.0):.1f}\" height=\"14\" "
                   f"rx=\"3\" fill=\"{'#1f5fa8' if k == 0 else '#a9c8ec'}\"/>"
                   f"<text x=\"{_W - 2}\" y=\"{cy + 4:.1f}\" text-anchor=\"end\">{done} of {planned} "
                   f"({_pct(share)})</text>")
    out.append("</svg>")
    return "<h3>Progress against the plan</h3>" + "".join(out)
