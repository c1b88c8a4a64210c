"""``codebook.md``: what every column of ``estimates.csv`` and ``answers.csv`` means, for one survey.

Written for a coordinator who knows R or Stata, not Python: the columns, this survey's
designs with their parameters, and the lines that fit the same models with RRreg. Pure.
"""
from __future__ import annotations

from rrdesk.core import disclosure
from rrdesk.core.results.model import Results, design_parameters
from rrdesk.core.results.tables import DIRECT_PREFIX
from rrdesk.core.survey import Question

__all__ = ["codebook"]


def codebook(results: Results) -> str:
    """``codebook.md``: what every column of the two CSV files means, for this survey."""
    survey = results.survey
    direct = [q.id for q in survey.direct]
    lines = [f"# Codebook: {survey.title} (`{survey.id}`)", "",
             "Written by `rrdesk aggregate --out`. Both files are UTF-8 CSV with a header row, "
             "comma-separated, `\\n` line ends; an empty cell means \"does not apply\".", "",
             "## estimates.csv", "",
             "One row per question × answer category × subgroup.", "",
             "| column | meaning |", "| --- | --- |",
             "| question | the question's id in the survey file |",
             "| design | `forced`, `warner`, `unrelated`, `kary` (randomized response) or `direct` "
             "(asked in the clear) |",
             "| epsilon | ε of one recorded answer (local differential privacy), exact from the spinner; "
             "empty for a direct question |",
             "| subgroup | `all` for every answer; with `--by FIELD`, `FIELD=CHOICE` for the respondents "
             "who gave CHOICE "
             "to the direct question FIELD (`FIELD=(unknown)`: their interview's start record is missing); "
             "`version=V` (and `version=V, FIELD=CHOICE`) for the records of survey version V alone, when "
             "the versions' randomized questions read differently; `weighted` for the estimate with the "
             "survey's `[weight]` (Hájek ratio, linearized SE, Korn-Graubard interval; `reported` empty); "
             "`cdm` for a cheating-detection question's shares (category `truthful_yes`, `honest_no`, "
             "`cheating`; `n` both groups) |",
             "| category | the answer: `no`/`yes` for a yes/no question, else a choice id |",
             "| n | recorded answers to the question in this subgroup |",
             "| reported | how many of them were recorded as this category (after the spinner) |",
             "| estimate | estimated share of respondents for whom this category is true (0–1) |",
             "| se | its standard error (delta method) |",
             "| ci_low, ci_high | its 95 % confidence interval, inside [0, 1] |",
             "| note | why `estimate`, `se` and the interval are empty (a subgroup with no answers); for "
             "`weighted` and `cdm` rows, the method and its effective sample |", "",
             "## answers.csv", "",
             "One row per recorded answer to a randomized question (declined and abandoned questions "
             "have no row). The answer is what the spinner made the respondent record, never the true "
             "answer: it says little about one person, only the counts over many answers are informative.", "",
             "| column | meaning |", "| --- | --- |",
             "| survey | the survey id |",
             "| device | the laptop's random id (32 hex digits) |",
             "| log | the log's random id on that laptop |",
             "| seq | the record's number in its log (from 0); `device`, `log`, `seq` identify a record |",
             "| interview | the interview's number on that laptop (`device`, `interview` identify an interview) |",
             "| question | the question's id |",
             "| design | the design (see above) |",
             "| answer | the recorded answer: `no`/`yes`, or a choice id |",
             "| p_truth | chance the spinner said \"answer truthfully\": Warner's *p*, the unrelated design's *p*, "
             "the truth probability of forced and k-ary designs |",
             "| p_yes, p_no | forced design: chance the spinner said \"say YES\" / \"say NO\" |",
             "| prevalence | unrelated design: the known share of YES to the other (innocuous) question |",
             "| k | number of answers (2 for yes/no) |",
             "| p_say | k-ary design: chance the spinner said \"say CHOICE\", per choice in choice order, "
             "`;`-separated |",
             "| respondent | the respondent's key, `DEVICE-INTERVIEW`: the same in every row of one interview |",
             "| answer_code | the recorded answer as a number: 0 = no, 1 = yes; or the choice's position in "
             "`choices` from 0 (what RRreg and Stata's rrlogit take) |",
             "| choices | the answers in code order, `;`-separated (`no;yes` for a yes/no question) |",
             "| p_yes_given_no, p_yes_given_yes | yes/no designs: the chance of a recorded YES when the truth "
             "is NO / YES |",
             "| pyes, pno | yes/no designs but Warner's: Stata rrlogit's `pyes()` and `pno()`, P(YES given NO) "
             "and P(NO given YES) |",
             "| pwarner | Warner's design: rrlogit's `pwarner()`, the chance of answering the statement |",
             "| weight | the respondent's survey weight, from the survey's `[weight]` (empty without one, or "
             "when the interview's direct answers are unknown) |",
             "| group | a two-group question (`cdm`, `unrelated_unknown`): the group (`a` or `b`) the respondent "
             "was drawn into; the design columns are that group's spinner (empty for other designs) |",
             "| day | the day the answer was recorded, `YYYY-MM-DD` (the laptop's date; never a time of day) |",
             "| interviewer | the interviewer id chosen on the laptop's dashboard when the answer was recorded "
             "(the survey's `interviewers`, or typed; empty in records of rrdesk before the id was recorded) |",
             "| version | the survey's `version` the interview was recorded with (empty in records of rrdesk before "
             "versions were recorded); estimates are per version where versions ask different questions |"]
    lines += [f"| {DIRECT_PREFIX}{qid} | the respondent's answer to the direct question `{qid}` "
              f"({_direct_values(survey.question(qid))}) |" for qid in direct]
    sections = _sections(survey.questions, survey.default_language)
    if sections:  # the survey's headings (XLSForm's groups), each with the questions under it
        lines += ["", "## Sections", "", "| section | questions |", "| --- | --- |"]
        lines += [f"| {heading.replace('|', '/')} | {', '.join(f'`{qid}`' for qid in ids)} |" for heading, ids in sections]
    lines += ["", "## Questions not answered", "",
              "Neither file has a row for a randomized question that got no answer; `report.html` and "
              "`aggregate --json` count them per question, in three kinds that never overlap:", "",
              "| count (`--json` key) | meaning |", "| --- | --- |",
              "| declined (`declined`) | the respondent chose not to answer, before spinning |",
              "| not reached (`abandoned`) | the interview ended before the question was spun |",
              "| stopped after the spin (`abandoned_after_spin`) | the interview ended after the spinner "
              "had shown its outcome and before an answer was recorded; the question is never offered "
              "again. Many of these hint at a bias: respondents who stop rather than record a forced "
              "answer (say, a forced YES) are missing from `n` |", "",
              "| question | declined | not reached | stopped after the spin |", "| --- | --- | --- | --- |"]
    lines += [f"| {r.question.id} | {r.declined} | {r.abandoned} | {r.abandoned_after_spin} |"
              for r in results.questions if r.question.design is not None]
    lines += ["", "What they disclose: " + disclosure.SUMMARY, ""]
    lines += [f"- {text}" for _, text in disclosure.OUTSIDE_EPSILON]
    lines += [f"- {disclosure.duration(survey.record_duration)}"]
    rate = "—" if results.response_rate is None else f"{100 * results.response_rate:.1f} %"
    lines += ["", "## Refused consent", "",
              "A respondent who answers No on the consent screen (the survey's `[consent]`) ends the interview "
              "at once: one `refused` record holds the day, the interviewer and the version, and nothing the "
              "respondent said (no direct answer). A refusal is non-response: it counts among the interviews "
              "(`interviews` in `--json`), never among any question's declined or not reached, and "
              "`answers.csv` has no row for it.", "",
              f"Refused: {results.refused} of {results.interviews} interviews (`refused`); response rate "
              f"(interviews with consent, of all interviews begun): {rate} (`response_rate`)."]
    lines += ["", "## This survey's designs", "",
              "| question | design | ε | p_truth | p_yes | p_no | prevalence | k | p_say |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for q in survey.randomized:
        p = design_parameters(q)
        lines.append(f"| {q.id} | {q.kind} | {q.spinner.epsilon:.6g} | " +
                     " | ".join(_short(p[k]) for k in ("p_truth", "p_yes", "p_no", "prevalence", "k", "p_say")) + " |")
    lines += ["", f"Total ε per respondent (sum over the randomized questions): "
              f"{survey.epsilon_per_respondent:.4f} (cap {survey.max_epsilon:g}).", "",
              "## One row per interview: answers-wide.csv, answers.dta, answers.sav", "",
              "The same answers, one row per interview (`survey`, `laptop` (its enrollment name), `device`, "
              "`interview`, `respondent`, "
              "`interviewer`, `day`, `version`" + (", `weight`" if survey.weight_question else "") + "), then a "
              "variable per question named by its id (`-` written `_`, at most 32 characters): a direct "
              "question's answer (a choice's position in its list, from 0; a number as it is), a randomized "
              "question's recorded answer (`answer_code` of answers.csv) followed by its design's columns "
              "(`_p_yes_given_no`, `_p_yes_given_yes`; k-ary `_p_say_J`, `_p_truth`; cdm `_group` and its "
              "group's spinner). Empty or missing: not asked, declined or skipped. `answers.dta` (Stata 14 and "
              "later) and `answers.sav` (SPSS, PSPP), written by pyreadstat when it is installed "
              "(`pip install 'rrdesk[datafiles]'`; the desktop app has it), carry the question texts "
              "(Stata keeps 80 characters) as variable labels and the "
              f"answers' texts as value labels, in {survey.languages[0]} (the survey's first language; "
              "`aggregate --labels LANG` chooses another): R reads them with "
              "`haven::read_dta()` / `haven::read_sav()` (or `foreign::read.spss()`).", "",
              "## R and Stata", "",
              "`analysis.R` (run `Rscript analysis.R` in this folder) recomputes every estimate, standard error "
              "and interval of the report in base R and writes them to `estimates-r.csv`, then fits the same "
              "questions with rr and RRreg when they are installed (their prevalences in "
              "`estimates-packages-r.csv`; RRreg's standard errors are the report's times √(n/(n−1))). "
              "`analysis.do` does it with Stata's `rrlogit`. By hand, with RRreg, for one question:", "", "```r",
              "library(RRreg)", 'a <- read.csv("answers.csv", colClasses = c(p_say = "character"))',
              'u <- subset(a, question == "QUESTION")',
              "# forced:    RRuni(u$answer_code, model = \"FR\", p = c(u$p_no[1], u$p_yes[1]))",
              "# warner:    RRuni(u$answer_code, model = \"Warner\", p = u$p_truth[1])",
              "# unrelated: RRuni(u$answer_code, model = \"UQTknown\", p = c(u$p_truth[1], u$prevalence[1]))",
              "# kary:      RRuni(u$answer_code, model = \"FR\", p = as.numeric(strsplit(u$p_say[1], \";\")[[1]]))",
              "# cdm:       ua <- u[u$group == \"a\", ][1, ]; ub <- u[u$group == \"b\", ][1, ]",
              "#            RRuni(u$answer_code, model = \"CDMsym\", p = c(ua$p_yes, ua$p_no, ub$p_yes, ub$p_no),",
              "#                  group = ifelse(u$group == \"a\", 1, 2))",
              "```", "",
              "RRlog takes the same `model` and `p` with predictors, e.g. the `direct_…` columns. In Stata: "
              "`rrlogit answer_code if question == \"QUESTION\", pyes(#) pno(#)` (or `pwarner(#)`) with the "
              "columns' values.", ""]
    if results.model is not None:
        lines += ["## model.csv", "", f"The logistic regression `{results.model.model.text}`: one row per "
                  "coefficient, intercept first.", "", "| column | meaning |", "| --- | --- |",
                  "| term | `(Intercept)`, or `QUESTION=CHOICE`: the dummy of a direct answer against the "
                  "question's first choice |",
                  "| estimate, se | the coefficient (log odds) and its standard error (observed information) |",
                  "| z, p_value | the Wald statistic and its two-sided p-value |",
                  "| odds_ratio, or_low, or_high | exp(estimate) and its 95 % interval |", ""]
        if results.model.model.outcome.kind == "cdm":
            lines += ["A cheating-detection outcome: the odds ratios are of the trait among the honest "
                      "respondents; the last row, `cheating share`, is the share who say NO whatever the "
                      "spinner shows (a share, not a log-odds: its odds-ratio cells are empty). `analysis.R` "
                      "fits the same model with base R's `optim` and writes `model-r.csv`.", ""]
    return "\n".join(lines)


def _short(value: object) -> str:
    if value == "":
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, str) and ";" in value:
        return "; ".join(f"{float(v):.6g}" for v in value.split(";"))
    return str(value)


def _sections(questions: tuple[Question, ...], lang: str) -> list[tuple[str, list[str]]]:
    """Each run of questions under one heading: (the heading, their ids), in the survey's order."""
    out: list[tuple[str, list[str]]] = []
    previous = None
    for q in questions:
        if q.heading and q.heading == previous:
            out[-1][1].append(q.id)
        elif q.heading:
            out.append((q.heading.pick(lang), [q.id]))
        previous = q.heading
    return out


def _direct_values(q: Question) -> str:
    """What a direct column holds: its answers, or a number's range; empty when skipped."""
    if q.number is not None:
        what = (f"a whole number from {q.number.text(q.number.low)} to {q.number.text(q.number.high)}"
                if q.number.type == "integer" else
                f"a number from {q.number.text(q.number.low)} to {q.number.text(q.number.high)}, "
                f"{q.number.decimals} digits after the point")
    else:
        what = f"one of {', '.join(q.choices or ('yes', 'no'))}"
    rule = q.relevant_text.replace("|", "/") if q.relevant_text else ""  # why: | would end the table's cell
    return what + (f"; empty when its relevant condition skipped it: `{rule}`" if rule else "")
