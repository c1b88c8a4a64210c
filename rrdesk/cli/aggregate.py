"""`rrdesk aggregate`: arguments in, the coordinator's results printed (the work: :mod:`rrdesk.app.aggregate`).

Exit codes: 0 every bundle verified, 1 problems were found (and are listed; everything else
was used), 2 bad usage or nothing usable at all (no bundle could be opened).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from rrdesk.cli.common import EXIT_OK, EXIT_PROBLEMS
from rrdesk.core.errors import InputError

if TYPE_CHECKING:  # why: the use case, numpy and the results load when the command runs, not for --help
    from rrdesk.core.fieldwork import Fieldwork
    from rrdesk.core.problems import Problem
    from rrdesk.core.results import Results, fitting


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("aggregate", help="decrypt, de-duplicate, verify, estimate; a report with estimates, CIs "
                                         "and charts",
                       description="Verify and decrypt every record of the export bundles (in parallel), count "
                                   "each record once however many bundles hold it, and estimate each question's "
                                   "prevalence with a 95 % confidence interval. Damaged records are listed as "
                                   "problems and left out; everything else is used.")
    p.add_argument("bundles", metavar="BUNDLE", nargs="+", type=Path,
                   help="export bundles (.tar.age), or folders: every *.tar.age directly in one, sorted "
                        "(unfinished .part exports are mentioned and skipped)")
    p.add_argument("-i", "--identity", metavar="IDENTITY", type=Path, required=True, action="append",
                   help="the coordinator's identity file (repeat it for several, e.g. the old and the new key "
                        "after a rotation; every key in each file is tried, and the laptops' lists, ledgers and "
                        "signing keys beside each are merged; the ledger is saved beside the first)")
    p.add_argument("--by", metavar="FIELD", help="also estimate per answer of this directly asked question")
    p.add_argument("--survey-id", metavar="ID", help="the survey to aggregate when the bundles hold several")
    p.add_argument("--survey", metavar="FILE", type=Path,
                   help="the survey file: it decides over every bundle's copy (an edited copy is a problem)")
    p.add_argument("--model", metavar="FORMULA",
                   help='a logistic regression of a randomized question on directly asked ones, '
                        '"QID ~ DIRECT + DIRECT" (choices enter as dummies against the first; a kary outcome is '
                        'a multinomial logit, a cdm outcome models the honest and a cheating share)')
    p.add_argument("--laptops", metavar="FILE", type=Path,
                   help="the enrolled laptops each bundle's signature is checked against (default: the list "
                        "beside each identity, IDENTITY.laptops, that rrdesk enroll writes)")
    p.add_argument("--ledger", metavar="FILE", type=Path,
                   help="the ledger of every log seen, kept across aggregations: a log shorter, changed or "
                        "missing since an earlier bundle is a problem (default: IDENTITY.ledger beside each identity, "
                        "merged, and saved beside the first)")
    p.add_argument("--accept-unverified", action="store_true",
                   help="use the records of bundles whose laptop is not proven (unsigned, not enrolled, a "
                        "signature that fails); they are still listed as problems")
    p.add_argument("--include-synthetic", action="store_true",
                   help="count the interviews rrdesk simulate made (marked in their sealed records; left out, "
                        "and named as a problem, without it)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", metavar="DIR", type=Path,
                   help="write report.html, estimates.csv, answers.csv, codebook.md, analysis.R and analysis.do "
                        "(and model.csv with --model), fieldwork.csv, and answers-wide.csv, answers.dta and "
                        "answers.sav (one row per interview, labelled; the last two need the datafiles extra) into DIR")
    p.add_argument("--labels", metavar="LANG",
                   help="the language of answers.dta's and answers.sav's variable and value labels (with --out; "
                        "default: the survey's first language)")
    p.add_argument("--workers", metavar="N", type=int,
                   help="processes that decrypt records (default: one per CPU core)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.workers is not None and args.workers < 1:
        raise InputError("command line", "--workers", "must be at least 1")
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        raise InputError(args.out, "", "is not a folder (--out takes a folder for the report files)")
    from rrdesk.app import aggregate as use_case
    from rrdesk.core import survey as surveys
    from rrdesk.core.results import contracts

    survey = surveys.load(args.survey) if args.survey is not None else None
    survey_id = args.survey_id or (survey.id if survey is not None else None)
    from rrdesk.app.inputs import bundle_paths  # why here: loaded by aggregate only

    given = bundle_paths(args.bundles)
    for path in given.unfinished:
        print(f"rrdesk: skipped {path}: an unfinished export (.part), not a bundle", file=sys.stderr)
    shown = _ProgressLine() if not args.json and sys.stderr.isatty() else None  # never in --json or a pipe
    try:
        found = use_case.run(list(given.paths), args.identity, survey_id=survey_id, by=args.by,
                             workers=args.workers, survey=survey, model=args.model,
                             checks=use_case.Checks(args.laptops, args.ledger, args.accept_unverified,
                                                    identities=tuple(args.identity)),
                             include_synthetic=args.include_synthetic, progress=shown)
    finally:
        if shown is not None:
            shown.end()
    data, results, problems = found.data, found.results, list(found.problems)
    # why: run raises when no bundle was usable, so both are there (Aggregation also serves compute)
    assert data is not None and results is not None
    written = use_case.write_report(args.out, found, labels=args.labels) if args.out is not None else []
    missing = use_case.datafiles_missing() if args.out is not None else None
    if missing is not None:
        print(f"rrdesk: note: {missing}", file=sys.stderr)
    if args.json:
        per_version = [(v, r) for v, _, r in found.by_version]
        extra: dict[str, Any] = {**contracts.versions_json(found.versions_used, per_version), "bundles": list(data.bundles),
                                 "skipped": [{"file": f, "survey": s} for f, s in found.skipped],
                                 "synthetic_interviews": dict(data.synthetic)}
        if found.fieldwork is not None:
            extra["fieldwork"] = contracts.fieldwork_json(found.fieldwork)
        if found.ledger is not None:
            extra["ledger"] = {"file": found.ledger.file, "saved": found.ledger.saved,
                               **{k.replace(" ", "_"): n for k, n in found.ledger.done}}
        if written:
            extra["written"] = [str(path) for path in written]
        print(json.dumps(contracts.aggregate_json(results, problems, **extra), indent=2))
    else:
        _show(results, data.bundles, problems, found.skipped, written,
              lambda: _show_versions(found.versions_used, [(v, r) for v, _, r in found.by_version]),
              sum(data.synthetic.values()) if args.include_synthetic else 0, found.fieldwork,
              found.ledger.line(len(data.bundles)) if found.ledger is not None else None)
    return EXIT_PROBLEMS if problems else EXIT_OK


class _ProgressLine:
    """A line on the terminal saying how many records are opened, for a run over a few seconds
    (rewritten in place twice a second; gone at the end)."""

    AFTER, EVERY = 2.0, 0.5  # seconds: a short run shows nothing

    def __init__(self) -> None:
        self.start = self.last = time.monotonic()
        self.shown = False

    def __call__(self, done: int, planned: int) -> bool:
        now = time.monotonic()
        if now - self.start >= self.AFTER and now - self.last >= self.EVERY and planned:
            self.last, self.shown = now, True
            print(f"\rrrdesk: {done:,} of {planned:,} records opened ({100 * done // planned} %)", end="",
                  file=sys.stderr, flush=True)
        return True

    def end(self) -> None:
        if self.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)


def _pct(x: float) -> str:
    return f"{100 * x:5.1f} %"


def _show(results: Results, bundles: tuple[str, ...], problems: list[Problem],
          skipped: tuple[tuple[str, str], ...], written: list[Path], versions: Callable[[], None],
          synthetic: int = 0, work: Fieldwork | None = None, ledger: str | None = None) -> None:
    from rrdesk.core.results import FOLD_OVER, SMALL_GROUP, folded  # why here: loaded when results are shown

    s = results.survey
    print(f"{s.title} — survey {s.id}")
    print(f"{results.interviews} interviews, {results.records} records, {results.devices} laptop(s), "
          f"{len(bundles)} bundle(s); total ε per respondent {s.epsilon_per_respondent:.2f} "
          f"(cap {s.max_epsilon:g})")
    if synthetic:
        print(f"{synthetic} of the interviews are synthetic, made by rrdesk simulate (--include-synthetic counts them)")
    for r in results.questions:
        e = r.estimate
        design = "asked directly" if r.epsilon is None else f"{r.question.kind}, ε {r.epsilon:.2f}"
        print(f"\n{r.question.id} ({design}, n {e.n})")
        print(f"  {r.question.text_in(s.default_language)}")
        if e.n == 0:
            print("  no answers")
        else:
            print(f"  {'answer':<16}{'recorded':>9}{'estimate':>10}   95% CI")
            order: Sequence[int] = range(len(r.labels))
            if len(r.labels) > FOLD_OVER:  # a number question's many bins: the most common, in order
                order = sorted(sorted(order, key=lambda j: -e.estimate[j])[:FOLD_OVER])
            for j in order:
                lo, hi = e.ci95[j]
                print(f"  {r.labels[j]:<16}{e.reported[j]:>9}{_pct(e.estimate[j]):>10}   {_pct(lo)} – {_pct(hi)}")
            if len(order) < len(r.labels):
                print(f"  … the {len(order)} most common of {len(r.labels)} answers shown: every answer is in "
                      "--json, and in estimates.csv and the report with --out")
        if r.weighted is not None:  # the survey's [weight]: the same line the report has
            w = r.weighted
            j = 1 if r.yes_no else max(range(len(r.labels)), key=lambda i: w.estimate[i])
            left = f", {r.weight_left_out} without a known weight left out" if r.weight_left_out else ""
            print(f"  weighted: {r.labels[j]} {_pct(w.estimate[j]).strip()} ({_pct(w.ci95[j][0]).strip()} – "
                  f"{_pct(w.ci95[j][1]).strip()}), SE {_pct(w.se[j]).strip()} (linearized; effective n "
                  f"{w.n_effective[j]:.0f} of {w.n}{left})")
        if r.declined or r.abandoned or r.abandoned_after_spin:
            print(f"  ({r.declined} declined, {r.abandoned} not reached, "
                  f"{r.abandoned_after_spin} stopped after the spin)")
        if r.groups:
            cats = [1] if r.yes_no else range(len(r.labels))
            print(f"  {'by ' + str(results.by):<26}{'n':>6}{'YES' if r.yes_no else 'estimate':>10}   95% CI")
            shown, small = folded(r.groups)  # why: a --by site of 200 groups stays readable
            for g in shown:
                if g.estimate.n == 0:  # as the CSV (empty) and the JSON (null): never 50 % [0, 100 %]
                    print(f"    {g.name or '(unknown)':<24}{0:>6}{'no answers':>14}")
                    continue
                for j in cats:
                    name = (g.name or "(unknown)") + ("" if r.yes_no else f" · {r.labels[j]}")
                    lo, hi = g.estimate.ci95[j]
                    print(f"    {name:<24}{g.estimate.n:>6}{_pct(g.estimate.estimate[j]):>10}   "
                          f"{_pct(lo)} – {_pct(hi)}{'  !' if g.warning else ''}")
                if g.warning:
                    print(f"    ! {g.name or '(unknown)'}: {g.warning}")
            if small:
                empty = sum(g.estimate.n == 0 for g in small)
                some = f"… and {len(small)} group(s) of" if shown else f"all {len(small)} groups have"
                print(f"    {some} under {SMALL_GROUP} answers{f' ({empty} with none)' if empty else ''}, "
                      "not shown: every group is in --json, and in estimates.csv and the report with --out")
    if results.model is not None:
        _show_model(results.model)
    versions()
    if work is not None:
        _show_fieldwork(work)
    for file, survey_id in skipped:
        print(f"\nskipped: {file} (survey {survey_id})")
    if ledger is not None:
        print(f"\n{ledger}")
    if written:
        print(f"\nwrote {', '.join(path.name for path in written)} to {written[0].parent}")
    if problems:
        print(f"\n{len(problems)} problem(s); the records they name were left out, the rest was used:")
        for p in problems:
            print(f"  {p}")
    else:
        print("\nno problems: every bundle, log and record verified")


def _show_fieldwork(work: Fieldwork) -> None:
    """The fieldwork in short: totals and progress, a line per interviewer with their flags, a
    line per laptop (its bundles and custody events); the whole table is in fieldwork.csv."""
    if not work.rows:
        print("\nfieldwork: no interview in the records used")
        return
    total = sum(i.counts.started for i in work.interviewers)
    completed = sum(i.counts.completed for i in work.interviewers)
    p = work.progress
    plan = f"; {completed} of {p.planned} planned ({_pct(p.share).strip()})" if p.share is not None else ""
    print(f"\nfieldwork {work.first_day} – {work.last_day}: {total} interview(s) begun, {completed} completed, "
          f"{len(work.interviewers)} interviewer(s), {len(work.laptops)} laptop(s){plan}")
    if p.groups:
        print("  completed by " + str(p.by) + ": " + ", ".join(f"{g} {n}" for g, n in p.groups))
    print(f"  {'interviewer':<16}{'days':>5}{'begun':>7}{'completed':>10}{'stopped':>8}{'refused':>8}"
          f"{'synthetic':>10}{'flags':>6}")
    for i in work.interviewers:
        c = i.counts
        print(f"  {i.id or '(not recorded)':<16}{len(i.per_day):>5}{c.started:>7}{c.completed:>10}{c.stopped:>8}{c.refused:>8}"
              f"{c.synthetic:>10}{len(i.flags):>6}")
    for i in work.interviewers:
        for f in i.flags:
            print(f"  ! {i.id or '(not recorded)'} ({f.check.replace('_', ' ')}): {f.sentence}")
    for lap in work.laptops:
        last = f", last exported {lap.bundles[-1].exported}" if lap.bundles else ""
        left = f", {lap.synthetic_left_out} synthetic interview(s) left out" if lap.synthetic_left_out else ""
        print(f"  laptop {lap.name}: {len(lap.bundles)} bundle(s){last}{left}")
        for event in lap.custody:
            print(f"    ! {event}")
    print(f"  (checks at a family-wise false-alarm level of {100 * work.alpha:g} % each: a flag asks for a look, "
          "it proves nothing)")


def _show_versions(versions: Sequence[str], by_version: Sequence[tuple[str, Results]]) -> None:
    if len(versions) < 2:
        return
    if not by_version:
        print(f"\nsurvey versions {', '.join(versions)} pooled: their randomized questions read the same")
        return
    print(f"\nsurvey versions {', '.join(versions)} read differently; each alone, in its own wording:")
    for version, found in by_version:
        for r in found.questions:
            if r.question.design is None:
                continue
            e = r.estimate
            figures = "no answers" if e.n == 0 else " · ".join(
                f"{label} {_pct(e.estimate[j]).strip()} ({_pct(e.ci95[j][0]).strip()} – {_pct(e.ci95[j][1]).strip()})"
                for j, label in enumerate(r.labels) if not (r.yes_no and j == 0))
            print(f"  version {version}  {r.question.id} (n {e.n}): {figures}")


def _show_model(m: fitting.ModelResult) -> None:
    fit = m.fit
    kind = "multinomial " if m.model.outcome.choices else ""
    kind += "cheating-detection " if m.model.outcome.kind == "cdm" else ""
    print(f"\n{kind}logistic regression: {m.model.text}")
    if fit is None:
        print(f"  not fitted: {m.note}")
        return
    print(f"  n {fit.n} ({m.left_out} left out: a direct answer unknown or skipped), log-likelihood {fit.loglik:.4f}")
    print(f"  {'term':<28}{'coef':>10}{'se':>9}{'odds ratio':>12}   95% CI")
    from rrdesk.core import regression
    from rrdesk.core.results import fitting

    for r in fitting.rows(m):
        if r["term"] == regression.CHEATING:
            continue
        print(f"  {r['term']:<28}{r['estimate']:>10.4f}{r['se']:>9.4f}{r['odds_ratio']:>12.3f}   "
              f"{r['or_low']:.3f} – {r['or_high']:.3f}")
    share = fitting.cheating(m)
    if share is not None:
        ci = share["ci95"]
        print(f"  cheating share (say NO whatever the spinner shows): {share['estimate']:.4f}"
              + (f", se {share['se']:.4f}, 95% CI {ci[0]:.3f} – {ci[1]:.3f}" if isinstance(ci, tuple) else
                 ", at the edge: the likelihood is highest below 0, so it is held at 0 (no SE)"))
        print("  (the odds ratios are of the trait among the honest respondents)")
    for t in fitting.factor_tests(m):
        print(f"  joint test of {t['term']}: chi2 {t['chi2']:.3f} on {t['df']} df, p {t['p_value']:.3g}")
    if fit.method != regression.MODEL_METHOD:
        print(f"  {fit.method}")
    for line in ([f"no respondent gave {', '.join(m.empty)} (left out)"] if m.empty else []) + ([m.note] if m.note else []):
        print(f"  ! {line}")
