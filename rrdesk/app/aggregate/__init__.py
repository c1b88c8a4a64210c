"""Aggregate: the coordinator's results from the field laptops' export bundles.

The one home of this use case, for ``rrdesk aggregate`` and the Results view alike: which
surveys the bundles hold (:func:`find_surveys`), which one to aggregate and by what
(:func:`choose`), collecting, verifying and decrypting every record and estimating
(:func:`compute`, :func:`split`), and the report files (:func:`write_report`). The numbers
are those of :mod:`rrdesk.core.results`; the records come from :func:`rrdesk.store.collect.collect`,
in stages: each bundle indexed once in the worker processes, what is used decided by
:func:`rrdesk.store.collect.decide` alone, the records it uses opened in the workers and
counted; then the report, and the ledger saved as the plan left it.

Several surveys: the bundles given must hold one survey, or ``survey_id`` names the one to
aggregate (bundles of other surveys are then listed as skipped, not as problems).

Custody (:class:`Checks`): every bundle's signature is checked against the coordinator's
enrolled laptops (``coordinator.laptops`` beside the identity, or ``--laptops``) and its logs
against the ledger (``coordinator.ledger`` beside the identity, or ``--ledger``), which the
aggregation then advances and saves (FORMAT.md §2.8, §4).

Versions (:mod:`rrdesk.app.aggregate._versions`): records are grouped by the survey version they
name, each read with the copy the plan trusts for it (:class:`rrdesk.store.collect.VersionTrust`); versions whose randomized questions read the same are pooled (``versions_used`` names
them), otherwise each version is also estimated alone with its own trusted copy (``by_version``).
"""
from __future__ import annotations

import re
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import NoReturn, Sequence

import numpy as np

from rrdesk.app import enrollment, trust
from rrdesk.app.aggregate._custody import (
    LEDGER_ENV,
    Checks,
    LedgerRun,
    beside,
    ledger_path,
    no_signed_copy,
    save_ledger,
)
from rrdesk.app.aggregate._custody import custody as custody_checks
from rrdesk.app.aggregate._fieldwork import BundleFacts, fieldwork_of
from rrdesk.app.aggregate._versions import sort_out
from rrdesk.app.inputs import load_identities
from rrdesk.core.errors import InputError, RRDeskError, StoreError, os_reason
from rrdesk.core.estimate import Weighted, weighted
from rrdesk.core.fieldwork import Fieldwork
from rrdesk.core.fileio import write_atomic
from rrdesk.core.problems import Problem
from rrdesk.core.results import UNKNOWN_GROUP, QuestionResult, Results, fitting, results
from rrdesk.core.results.codebook import codebook
from rrdesk.core.results.datafiles import unavailable, wide_csv, wide_table, write_dta, write_sav
from rrdesk.core.results.html import render
from rrdesk.core.results.scripts import analysis_do, analysis_r
from rrdesk.core.results.tables import answers_csv, estimates_csv, fieldwork_csv, model_csv
from rrdesk.core.survey import INTERVIEWER, Survey
from rrdesk.store import collect as collected
from rrdesk.store.age import Identity
from rrdesk.store.bundle import BundleIndex
from rrdesk.store.collect import SurveyData
from rrdesk.store.ledger import held

__all__ = ["LEDGER_ENV", "REPORT_FILES", "Aggregation", "Checks", "IdentityFiles", "LedgerRun", "choose", "compute", "datafiles_missing",
           "find_surveys",
           "ledger_path", "results_of", "run", "split", "write_report"]


REPORT_FILES = ("report.html", "estimates.csv", "answers.csv", "codebook.md", "analysis.R", "analysis.do",
                "answers-wide.csv", "answers.dta", "answers.sav", "fieldwork.csv")
Found = dict[str, tuple[Survey, list[str]]]  # survey id → (its survey, the bundles holding it)
IdentityFiles = Path | Sequence[Path]
# why one type: the coordinator's identity files, never keys already loaded -- the laptops' list,
# the ledger and the signing key are found beside the first, so the custody checks always run


@dataclass(frozen=True)
class Aggregation:
    """What aggregating found: the survey's records and results (None when no bundle was
    usable), the problems as ``rrdesk aggregate`` lists them, and the bundles of other
    surveys as (file, survey id)."""

    data: SurveyData | None
    results: Results | None
    problems: tuple[Problem, ...]
    skipped: tuple[tuple[str, str], ...]
    versions_used: tuple[str, ...] = ()  # the survey versions the records of ``results`` name, first met first
    by_version: tuple[tuple[str, SurveyData, Results], ...] = ()  # each version alone, when they read differently
    laptops: tuple[tuple[str, str], ...] = ()  # (device id, enrollment name) of the laptops the coordinator named
    fieldwork: Fieldwork | None = None  # the fieldwork table and the interviewer checks (None: no records)
    bundle_facts: tuple[BundleFacts, ...] = ()  # each bundle's laptop and export time, as its manifest says
    include_synthetic: bool = False
    ledger: LedgerRun | None = None  # what the run did with the ledger (None: the computation only)


def find_surveys(bundles: Sequence[Path], identity: IdentityFiles) -> Found:
    """Which surveys the bundles hold (reads each bundle's manifest and survey copy only,
    decrypts no record)."""
    return collected.surveys_in(bundles, load_identities(identity))


def choose(found: Found, survey_id: str | None, by: str | None) -> str | None:
    """The survey to aggregate, after checking ``survey_id`` and ``by`` against the bundles.

    Raises
    ------
    InputError
        ``survey_id`` is in no bundle, or is needed (several surveys), or ``by`` is not a
        question asked directly in the survey.
    """
    listing = "; ".join(f"{sid} ({len(files)} bundle{'s' if len(files) != 1 else ''})"
                        for sid, (_, files) in found.items())
    if survey_id is not None and found and survey_id not in found:
        raise InputError("command line", "--survey-id", f'no bundle holds survey "{survey_id}" '
                                                        f"(they hold: {listing})")
    if survey_id is None and len(found) > 1:
        raise InputError("command line", "--survey-id", f"the bundles hold {len(found)} surveys: {listing}; "
                                                        "name the one to aggregate with --survey-id")
    sid = survey_id or next(iter(found), None)
    if by is not None and sid is not None:
        survey = found[sid][0]
        direct = [q.id for q in survey.direct]
        try:
            asked = survey.question(by).design is None
        except KeyError:
            asked = None
        if not asked:
            what = "is randomized" if asked is False else "is not a question"
            raise InputError("command line", "--by", f'"{by}" {what} of survey "{sid}"; --by takes a '
                                                      f"question asked directly ({', '.join(direct) or 'it has none'})")
    return sid


def compute(bundles: Sequence[Path], identity: IdentityFiles, survey_id: str | None,
            by: str | None, *, workers: int | None = None, survey: Survey | None = None,
            model: str | None = None, checks: Checks | None = None, include_synthetic: bool = False,
            progress: collected.Progress | None = None) -> Aggregation:
    """Index, decide, open, count and estimate. Never raises for a bad bundle or record: each
    becomes a problem, and everything else is used. ``survey``, the survey file as the
    coordinator has it, decides over the bundles' copies (without it: the copy most bundles
    hold; a bundle whose copy differs is a problem, its records unused). The custody checks
    (``checks``, by default the laptops' list and ledger beside the first identity file) run
    and the ledger is saved. Interviews ``rrdesk simulate`` made are left out (a problem names
    them) unless ``include_synthetic``. ``progress`` is told (records opened, planned) and may
    stop the work (:class:`~rrdesk.core.errors.Cancelled`: then nothing is written, the ledger
    neither).

    Raises
    ------
    InputError
        An identity file, the laptops' list or the ledger cannot be read; no survey copy the
        coordinator signed (:mod:`rrdesk.app.aggregate._custody`).
    """
    identities = load_identities(identity)
    checks = _beside_each(identity, checks or Checks())
    assert checks.ledger is not None
    with held(checks.ledger):  # why: load, compare and save as one step (FORMAT.md §4, "Two aggregations")
        found, judge = custody_checks(checks)
        with collected.Engine(identities, workers, judge, progress) as engine:
            return _aggregate(bundles, identities, engine, survey_id, by, survey, model, checks, found,
                              include_synthetic=include_synthetic)


def run(bundles: Sequence[Path], identity: IdentityFiles, *, survey_id: str | None = None, by: str | None = None,
        workers: int | None = None, survey: Survey | None = None, model: str | None = None,
        checks: Checks | None = None, include_synthetic: bool = False,
        progress: collected.Progress | None = None) -> Aggregation:
    """``rrdesk aggregate``: as :func:`compute`, with :func:`choose` once every bundle is indexed.

    Raises
    ------
    InputError
        As :func:`choose`, or ``model`` does not fit the survey (before the last records are
        counted and the ledger saved); or as :func:`compute`; or no bundle held anything usable
        (the first problem, and how many more there are).
    """
    identities = load_identities(identity)
    checks = _beside_each(identity, checks or Checks())
    assert checks.ledger is not None
    with ExitStack() as stack:
        try:
            stack.enter_context(held(checks.ledger))  # why: load, compare and save as one step (FORMAT.md §4)
            found, judge = custody_checks(checks)
        except InputError:  # why: choose's words come first, as when the bundles were looked at first
            with collected.Engine(identities, workers) as engine:
                _choose(collected.surveys_of(engine.index(bundles)), survey_id, by, survey, model)
            raise
        with collected.Engine(identities, workers, judge, progress) as engine:
            result = _aggregate(bundles, identities, engine, survey_id, by, survey, model, checks, found,
                                choosing=True, include_synthetic=include_synthetic)
    if result.data is None:
        _nothing_usable(result.problems)
    return result


def _choose(holding: Found, survey_id: str | None, by: str | None, survey: Survey | None, model: str | None) -> None:
    """:func:`choose`, and the model checked against the survey chosen."""
    sid = choose(holding, survey_id, by)
    if model is not None and sid is not None:
        fitting.parse(survey if survey is not None else holding[sid][0], model)


def _aggregate(bundles: Sequence[Path], identities: Sequence[Identity], engine: collected.Engine,
               survey_id: str | None, by: str | None, survey: Survey | None, model: str | None, checks: Checks,
               found: collected.Custody, *, choosing: bool = False, include_synthetic: bool = False) -> Aggregation:
    """Index, decide, open and count (:func:`rrdesk.store.collect.collect`), save the ledger, then
    report; ``choosing``: :func:`choose` once every bundle is indexed (it may raise)."""
    facts: list[BundleFacts] = []

    def indexed(heads: list[BundleIndex]) -> None:
        facts.extend(BundleFacts(h.file, str(h.manifest["device"]), str(h.manifest["exported"])) for h in heads
                     if h.manifest is not None)
        if choosing:
            _choose(collected.surveys_of(heads), survey_id, by, survey, model)
    if survey is not None and found.signer is not None:
        signed = trust.survey_signature(survey)  # why: a signature that fails is refused here, never ignored
        found = replace(found, survey_signed=signed is not None and signed.signer == found.signer)
    collection = collected.collect(bundles, identities, survey_id=survey_id, survey=survey, custody=found,
                                   include_synthetic=include_synthetic,
                                   engine=engine, indexed=indexed)
    if collection.unsigned:
        assert found.signer is not None
        raise no_signed_copy(checks, found.signer)
    assert checks.ledger is not None
    collection, kept = save_ledger(collection.ledger, checks.ledger, collection)
    names = _laptop_names(checks)
    if not collection.surveys:
        return Aggregation(None, None, _named(collection.problems, names), collection.skipped,
                           laptops=tuple(sorted(names.items())), ledger=kept)
    data = next(iter(collection.surveys.values()))
    versions = sort_out(data)
    data = versions.data
    return Aggregation(data, results_of(data, by=by, model=model), _named(data.problems, names), collection.skipped,
                       versions.used, tuple((v, d, results_of(d, by=by)) for v, d in versions.split),
                       tuple(sorted(names.items())),
                       fieldwork=fieldwork_of(data, by=by, names=names, bundles=facts, problems=data.problems,
                                              include_synthetic=include_synthetic),
                       bundle_facts=tuple(facts), include_synthetic=include_synthetic, ledger=kept)


_LAPTOP = re.compile(r"\blaptop ([0-9a-f]{8})\b")  # how problems name a laptop: its device id's first 8 digits


def _laptop_names(checks: Checks) -> dict[str, str]:
    """The enrollment names of the laptops (device id → name)."""
    names: dict[str, str] = {}
    for path in checks.laptop_lists or ((checks.laptops,) if checks.laptops is not None else ()):
        if path is not None and path.is_file():
            try:
                names.update(enrollment.laptop_names(path))
            except RRDeskError:
                continue  # read and reported by the custody checks
    return names


def _named(problems: Sequence[Problem], names: dict[str, str]) -> tuple[Problem, ...]:
    """``problems`` with each laptop they name followed by its enrollment name, as the
    coordinator called it when enrolling it (``enroll --name``)."""
    if not names:
        return tuple(problems)
    short = {device[:8]: name for device, name in names.items()}
    def name(found: re.Match) -> str:
        given = short.get(found[1])
        return found[0] if given is None else f'{found[0]} ("{given}")'
    return tuple(replace(p, what=_LAPTOP.sub(name, p.what)) for p in problems)


def split(found: Aggregation, by: str | None) -> Aggregation:
    """The same records estimated again per answer of ``by`` (no decrypting again)."""
    if found.data is None:
        return found
    model = found.results.model.model.text if found.results is not None and found.results.model else None
    work = fieldwork_of(found.data, by=by, names=dict(found.laptops), bundles=found.bundle_facts,
                        problems=found.data.problems, include_synthetic=found.include_synthetic)
    return replace(found, results=results_of(found.data, by=by, model=model), fieldwork=work,
                   by_version=tuple((v, d, results_of(d, by=by)) for v, d, _ in found.by_version))


def results_of(data: SurveyData, *, by: str | None = None, model: str | None = None) -> Results:
    """Every question's estimate from the collected records (with ``by``: per subgroup too;
    with ``model``, ``"QID ~ DIRECT + DIRECT"``: the logistic regression as well).

    Raises
    ------
    KeyError
        ``by`` is not a direct question of the survey.
    """
    counts = {}
    for q in data.survey.questions:
        per: dict[str | None, tuple[int, ...]] = {None: data.counts(q.id)[None]}
        if by is not None:
            for group, values in data.counts(q.id, by=by).items():
                per[UNKNOWN_GROUP if group is None else group] = values
        counts[q.id] = per
    skipped = {q.id: data.not_answered(q.id) for q in data.survey.randomized}
    found = results(data.survey, counts, by=by, not_answered=skipped, records=data.records,
                    interviews=data.interviews, devices=data.devices, refused=data.refused)
    if _has_design(data.survey):
        found = replace(found, questions=tuple(_weighted(data, r, by) for r in found.questions))
    if model is None:
        return found
    spec = fitting.parse(data.survey, model)
    recorded, given = data.respondents(spec.outcome.id, [q.id for q in spec.covariates])
    if not _has_design(data.survey):
        return replace(found, model=fitting.fit_model(spec, recorded, given))
    _, known, w, strata, clusters, population = _sample_arrays(data, spec.outcome.id)
    return replace(found, model=fitting.fit_model(spec, recorded, given, weights=w, strata=strata, clusters=clusters,
                                                  population=population, known=known))


def _has_design(s: Survey) -> bool:
    """The survey has weights or a sample design (``[weight]``, ``[sample]``)."""
    return s.weight_question is not None or s.strata is not None or s.clusters is not None


def _sample_arrays(data: SurveyData, qid: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None,
                                                        np.ndarray | None, np.ndarray | None]:
    """Per recorded answer of ``qid``: the answer, whether its design answers are known, its
    weight (1 without ``[weight]``), stratum and cluster (None when not declared), and the
    strata's population counts (None without)."""
    s = data.survey
    asked = [q for q in (s.weight_question, s.strata, s.clusters) if q is not None and q != INTERVIEWER]
    recorded, given = data.respondents(qid, asked)
    column = dict(zip(asked, given.T))
    known = np.all(given >= 0, axis=1)
    w = (np.asarray(s.weights)[np.where(known, column[s.weight_question], 0)] if s.weight_question is not None
         else np.ones(recorded.shape[0]))
    strata = column[s.strata] if s.strata is not None else None
    clusters: np.ndarray | None
    if s.clusters == INTERVIEWER:  # the id recorded with each answer, in the same order
        ids: dict[str, int] = {}
        clusters = np.array([ids.setdefault(a.interviewer, len(ids)) for a in data.answers(qid)], dtype=np.int64)
    else:
        clusters = column[s.clusters] if s.clusters is not None else None
    population = np.asarray(s.population, dtype=float) if s.population else None
    return recorded, known, w, strata, clusters, population


def _weighted(data: SurveyData, r: QuestionResult, by: str | None = None) -> QuestionResult:
    """A randomized question's result with its design-based estimate: the survey's ``[weight]``
    weights (or equal ones) and its ``[sample]`` strata and clusters; with ``by`` (a question
    with choices), each subgroup's too, linearized over the whole sample (R's ``svyby``)."""
    if r.question.design is None or r.question.two_groups:  # cdm, unrelated_unknown: two groups, not weighted here
        return r
    recorded, known, w, strata, clusters, population = _sample_arrays(data, r.question.id)
    try:
        found = weighted(r.question.design, recorded[known], w[known],
                         strata=None if strata is None else strata[known],
                         clusters=None if clusters is None else clusters[known], population=population)
    except ValueError:  # fewer than two answers, or a stratum with one cluster: nothing design-based to say
        found = None
    groups = r.groups
    if found is not None and by is not None and groups and data.survey.question(by).choices:
        _, column = data.respondents(r.question.id, [by])
        member = column[known, 0]
        answers = data.labels(by)
        groups = tuple(replace(g, weighted=_domain(r, recorded[known], w[known], strata, clusters, population, known,
                                                    member == answers.index(g.name)))
                       if g.name in answers else g for g in groups)
    return replace(r, weighted=found, weight_left_out=int((~known).sum()), groups=groups)


def _domain(r: QuestionResult, recorded: np.ndarray, w: np.ndarray, strata: np.ndarray | None,
            clusters: np.ndarray | None, population: np.ndarray | None, known: np.ndarray,
            inside: np.ndarray) -> Weighted | None:
    """One subgroup's design-based estimate (None when it has fewer than two answers)."""
    try:
        return weighted(r.question.design, recorded, w, strata=None if strata is None else strata[known],
                        clusters=None if clusters is None else clusters[known], population=population, domain=inside)
    except ValueError:
        return None


def write_report(out: Path, found: Aggregation, *, now: datetime | None = None,
                 labels: str | None = None) -> list[Path]:
    """Write :data:`REPORT_FILES` (and ``model.csv`` with a model) into ``out`` (created if
    needed), each whole or not at all; return their paths. ``report.html`` is self-contained (inline CSS and SVG).
    ``labels``: the language of the ``.dta``'s and ``.sav``'s labels (the survey's first when None).
    Without pyreadstat (the ``datafiles`` extra) the ``.dta`` and ``.sav`` are left out:
    :func:`datafiles_missing` says so in one line.

    Raises
    ------
    InputError
        ``labels`` is not one of the survey's languages.
    StoreError
        The folder cannot be made or a file cannot be written (none is left half-written).
    """
    data, res = found.data, found.results
    assert data is not None and res is not None, "nothing to report"
    if labels is not None and labels not in data.survey.languages:
        raise InputError("command line", "--labels", f"{labels!r} is not one of the survey's languages "
                                                     f"({', '.join(data.survey.languages)})")
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreError(out, "", "is not a folder") from None
    except OSError as error:
        raise StoreError(out, "", f"cannot be created: {os_reason(error)}") from None
    when = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    per_version = [(v, r) for v, _, r in found.by_version]
    texts = {"report.html": render(res, found.problems, bundles=data.bundles, generated=when,
                                   versions=found.versions_used, by_version=per_version,
                                   fieldwork=found.fieldwork),
             "estimates.csv": estimates_csv(res, per_version),
             "answers.csv": answers_csv(data.survey, data.answers(), data.direct_answers()),
             "codebook.md": codebook(res), "analysis.R": analysis_r(res), "analysis.do": analysis_do(res)}
    if res.model is not None:
        texts["model.csv"] = model_csv(res.model)
    if found.fieldwork is not None:
        texts["fieldwork.csv"] = fieldwork_csv(found.fieldwork)
    # one row per interview, labelled, each laptop by its enrollment name
    wide = wide_table(data.survey, data.answers(), data.direct_answers(), labels, laptops=dict(found.laptops))
    files = {**{name: text.encode("utf-8") for name, text in texts.items()}, "answers-wide.csv": wide_csv(wide).encode("utf-8")}
    written = [write_atomic(out / name, body) for name, body in files.items()]
    if datafiles_missing() is None:
        written += [write_dta(wide, out / "answers.dta"), write_sav(wide, out / "answers.sav")]
    return written


def datafiles_missing() -> str | None:
    """None when :func:`write_report` writes ``answers.dta`` and ``answers.sav``; else the one
    line saying how to get them (pyreadstat, the ``datafiles`` extra, is not installed)."""
    return unavailable()


def _beside_each(identity: IdentityFiles, checks: Checks) -> Checks:
    """``checks`` with the side files beside every identity file given (a key rotation gives two:
    the laptops, ledgers and signing keys of both are read and merged), unless named already."""
    files = (Path(identity),) if isinstance(identity, (str, Path)) else tuple(Path(i) for i in identity)
    return beside(files[0], checks if checks.identities else replace(checks, identities=files))


def _nothing_usable(problems: Sequence[Problem]) -> NoReturn:
    if not problems:  # every bundle holds another survey: choose made sure that cannot be
        raise InputError("command line", "", "no bundle holds records to aggregate")
    first = problems[0]
    more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
    raise InputError(first.location, first.where, f"{first.what}{more}; nothing to aggregate")
