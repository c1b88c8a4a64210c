"""``analysis.R`` and ``analysis.do``: the report's numbers again, from ``answers.csv``, in R and Stata.

Written by ``aggregate --out`` beside the CSV files, for a coordinator who wants to check or
extend the analysis in their own tool. ``analysis.R`` has two parts: base R only (no package),
which recomputes every randomized question's estimate, standard error and 95 % interval by the
report's own method (:mod:`rrdesk.core.estimate._estimate`) and writes them to ``estimates-r.csv`` (with
survey weights, the weighted ones to ``estimates-weighted-r.csv``) -- the
tests run it with ``Rscript`` and compare with ``estimates.csv``; with the survey's ``[sample]``,
part 1b declares its ``svydesign`` to R's ``survey`` package (``estimates-design-r.csv``;
``analysis.do`` its ``svyset``); then, when the packages are
installed, the same questions with R's ``rr`` (``rrreg``) and ``RRreg`` (``RRuni``, ``RRlog``).
``analysis.do`` fits each yes/no question with Stata's ``rrlogit`` (Jann 2005; the prevalence is
``invlogit(_b[_cons])``) and the ``--model`` with it. Pure: text out.
"""
from __future__ import annotations

from rrdesk.core.results.model import Results, answer_parameters, design_parameters
from rrdesk.core.results.tables import ANSWER_COLUMNS
from rrdesk.core.survey import Question, Survey

__all__ = ["analysis_do", "analysis_r"]

_BASE_R = r'''
# ---- 1. base R: the report's numbers (no package needed) ------------------------------------
a <- read.csv("answers.csv", stringsAsFactors = FALSE, colClasses = c(choices = "character",
              p_say = "character", group = "character", day = "Date", interviewer = "character",
              version = "character"))
cdm <- a[a$design == "cdm", ]  # cheating detection: two groups, with RRreg's CDMsym in part 2
uqt <- a[a$design == "unrelated_unknown", ]  # unknown innocuous prevalence: two groups, RRreg's UQTunknown
a <- a[!(a$design %in% c("cdm", "unrelated_unknown")), ]
# Blaker's (2000) exact interval for a binomial rate: the hull of the rates p at which y's
# acceptability (the chance of an outcome whose smaller tail is no larger than y's) exceeds 5 %.
# Its upper end: with J the least j > y + 1 whose upper tail at Clopper-Pearson's end u is below
# y's lower tail, the rate r where P(Y >= J - 1) = P(Y <= y), or where P(Y <= y) + P(Y >= J)
# falls to 5 % just past r; each end moved out by 1e-12 (rrdesk.core.estimate.blaker says why)
blaker_upper <- function(y, n, alpha = 0.05) {
  if (y >= n) return(1)
  lower <- function(p) pbinom(y, n, p)
  upper <- function(j, p) if (j > n) 0 else pbinom(j - 1, n, p, lower.tail = FALSE)
  bisect <- function(f, lo, hi) { for (i in 1:64) { mid <- (lo + hi) / 2; if (f(mid) < 0) lo <- mid else hi <- mid }; lo }
  u <- qbeta(1 - alpha / 2, y + 1, n - y); fu <- lower(u)
  j <- y + 2
  while (j <= n && upper(j, u) >= fu * (1 - 1e-9)) j <- j + 1
  r <- bisect(function(p) upper(j - 1, p) - lower(p), 0, 1)
  end <- if (lower(r) + upper(j, r) > alpha)
    max(r, bisect(function(p) alpha - lower(p) - upper(j, p), min(r, u), max(r, u))) else r
  min(1, end + 1e-12)
}
blaker <- function(y, n) c(if (y == 0) 0 else 1 - blaker_upper(n - y, n), blaker_upper(y, n))
# the rate between `edge` and `far` where the log-likelihood has fallen chi2(1, 95 %)/2 below its
# value at `edge` (`far` when it never falls that much)
lr_edge <- function(y, n, edge, far) {
  ll <- function(l) (if (y > 0) y * log(l) else 0) + (if (n > y) (n - y) * log1p(-l) else 0)
  goal <- ll(edge) - qchisq(0.95, 1) / 2
  if (ll(far) > goal) return(far)
  uniroot(function(l) ll(l) - goal, sort(c(edge, far)), tol = 1e-15)$root
}
# category j is recorded at the rate a + b * prevalence: Blaker's interval on that rate, mapped
# back; beyond the spinner's reach, joined with the likelihood-ratio interval under 0 <= p <= 1
interval <- function(y, n, a, b, ci = blaker(y, n)) {
  lo <- min(a, a + b); hi <- max(a, a + b); r <- y / n
  lam <- if (r < lo) c(lo, max(ci[2], lr_edge(y, n, lo, hi))) else
         if (r > hi) c(min(ci[1], lr_edge(y, n, hi, lo)), hi) else c(max(ci[1], lo), min(ci[2], hi))
  ends <- (pmin(pmax(lam, lo), hi) - a) / b
  pmin(pmax(c(min(ends), max(ends)), 0), 1)
}
# k answers: the maximum likelihood on the simplex (the moment estimate when inside it, else the
# closed form of the Karush-Kuhn-Tucker conditions)
simplex_mle <- function(s, a, b) {
  raw <- (s - a) / b
  if (all(raw >= 0)) return(raw)
  o <- order(-s / a); st <- s[o]; at <- a[o]
  mu <- cumsum(st) / (1 + cumsum(at) / b)
  m <- max(which(st * b > mu * at))
  p <- pmax(s / mu[m] - a / b, 0)
  p / sum(p)
}
out <- NULL
for (q in unique(a$question)) {
  u <- a[a$question == q, ]
  choices <- strsplit(u$choices[1], ";")[[1]]
  n <- nrow(u); y <- tabulate(u$answer_code + 1, nbins = length(choices)); s <- y / n
  if (length(choices) == 2) {
    pa <- u$p_yes_given_no[1]; b <- u$p_yes_given_yes[1] - pa
    est <- min(max((s[2] - pa) / b, 0), 1); est <- c(1 - est, est)
    se <- rep(sqrt(s[2] * (1 - s[2]) / n) / abs(b), 2)
    ci <- interval(y[2], n, pa, b); lows <- c(1 - ci[2], ci[1]); highs <- c(1 - ci[1], ci[2])
  } else {
    pa <- as.numeric(strsplit(u$p_say[1], ";")[[1]]); b <- u$p_truth[1]
    est <- simplex_mle(s, pa, b); se <- sqrt(s * (1 - s) / n) / b
    cis <- sapply(seq_along(choices), function(j) interval(y[j], n, pa[j], b))
    lows <- cis[1, ]; highs <- cis[2, ]
  }
  lows <- pmin(lows, est); highs <- pmax(highs, est)
  out <- rbind(out, data.frame(question = q, category = choices, n = n, reported = y, estimate = est,
                               se = se, ci_low = lows, ci_high = highs))
}
write.csv(out, "estimates-r.csv", row.names = FALSE)
print(out, digits = 4)
# with survey weights (the column `weight`): the weighted share, its linearized SE (each
# respondent a PSU, with replacement: Stata's svy: mean with [pweight]) and Korn-Graubard's
# interval (Clopper-Pearson at the effective sample size), mapped the same way
if ("weight" %in% names(a) && any(!is.na(a$weight))) {
  wout <- NULL
  for (q in unique(a$question)) {
    u <- a[a$question == q & !is.na(a$weight), ]
    choices <- strsplit(u$choices[1], ";")[[1]]; k <- length(choices)
    n <- nrow(u); w <- u$weight; W <- sum(w)
    z <- outer(u$answer_code, seq_len(k) - 1, "==") * 1
    share <- colSums(w * z) / W
    v <- n / (n - 1) * colSums((w * sweep(z, 2, share))^2) / W^2
    neff <- pmin(ifelse(share > 0 & share < 1 & v > 0, share * (1 - share) / v, n), n)
    x <- neff * share
    kg <- function(j) c(if (x[j] > 0) qbeta(0.025, x[j], neff[j] - x[j] + 1) else 0,
                        if (x[j] < neff[j]) qbeta(0.975, x[j] + 1, neff[j] - x[j]) else 1)
    if (k == 2) {
      pa <- u$p_yes_given_no[1]; b <- u$p_yes_given_yes[1] - pa
      est <- min(max((share[2] - pa) / b, 0), 1); est <- c(1 - est, est)
      se <- rep(sqrt(v[2]) / abs(b), 2)
      ci <- interval(x[2], neff[2], pa, b, kg(2)); lows <- c(1 - ci[2], ci[1]); highs <- c(1 - ci[1], ci[2])
    } else {
      pa <- as.numeric(strsplit(u$p_say[1], ";")[[1]]); b <- u$p_truth[1]
      est <- simplex_mle(share, pa, b); se <- sqrt(v) / b
      cis <- sapply(seq_len(k), function(j) interval(x[j], neff[j], pa[j], b, kg(j)))
      lows <- cis[1, ]; highs <- cis[2, ]
    }
    lows <- pmin(lows, est); highs <- pmax(highs, est)
    wout <- rbind(wout, data.frame(question = q, category = choices, n = n, estimate = est, se = se,
                                   ci_low = lows, ci_high = highs))
  }
  write.csv(wout, "estimates-weighted-r.csv", row.names = FALSE)
  print(wout, digits = 4)
}
'''

_PACKAGES_R = r'''
rows <- NULL
attempt <- function(what, expr) tryCatch(expr, error = function(e) message(what, ": ", conditionMessage(e)))
keep <- function(package, q, category, est, se)
  rows <<- rbind(rows, data.frame(package = package, question = q, category = category, estimate = unname(est),
                                  se = unname(se), row.names = NULL))
# rr's summary() fails for its mirrored and unrelated designs (rr 1.4.2), so its table is printed
# here: the coefficients, their standard errors and z values
rr_table <- function(f) {
  se <- sqrt(diag(as.matrix(f$vcov)))
  print(cbind(estimate = f$est, se = se, z = f$est / se))
  invisible(f)
}
# an intercept-only fit's prevalence: invlogit(intercept), its SE by the delta method
rr_prevalence <- function(q, f, negated = FALSE) {
  rr_table(f)
  p <- plogis(f$est[1]); se <- p * (1 - p) * sqrt(f$vcov[1, 1])
  keep("rr", q, "yes", if (negated) 1 - p else p, se)
}
'''


def analysis_r(results: Results) -> str:
    """``analysis.R``: base R first (writes ``estimates-r.csv``), then ``rr`` and ``RRreg``."""
    s = results.survey
    lines = [f"# {s.title} ({s.id}): the report's numbers again, from answers.csv.",
             "# Written by rrdesk aggregate --out. Run it in the folder that holds answers.csv:",
             "#   Rscript analysis.R", "# Part 1 needs base R only; part 2 runs when rr and RRreg are installed.",
             _BASE_R.strip("\n"), "", *_sample_r(s), *_cheating_model_r(results),
             "# ---- 2. the same with R's rr (Blair, Imai & Zhou 2015) and RRreg (Heck & Moshagen 2018) ----",
             "# answer_code is the recorded answer as a number: 0 = no, 1 = yes, or 0..k-1 in choice order",
             "# (the column `choices`). Each design's parameters are columns of answers.csv. Every fit is",
             "# tried on its own (a package's error is shown and the script goes on); the prevalences go",
             "# to estimates-packages-r.csv. RRreg's standard errors are the report's times sqrt(n/(n-1))",
             "# (it divides by n - 1); rr's are the report's (the same likelihood, at its maximum).",
             "# rr draws its EM's starting values at random: a fixed seed gives the same fit every run.",
             "set.seed(1)",
             _PACKAGES_R.strip("\n")]
    model = results.model
    formula = "answer_code ~ 1"
    if model is not None and model.model.covariates:
        formula = "answer_code ~ " + " + ".join(_r_term(q) for q in model.model.covariates)
    lines.append('if (requireNamespace("RRreg", quietly = TRUE)) {')
    for q in (q for q in s.randomized if not q.two_groups):
        d = q.design
        assert d is not None
        call = {"forced": 'model = "FR", p = c(u$p_no[1], u$p_yes[1])',
                "warner": 'model = "Warner", p = u$p_truth[1]',
                "unrelated": 'model = "UQTknown", p = c(u$p_truth[1], u$prevalence[1])',
                "kary": 'model = "FR", p = as.numeric(strsplit(u$p_say[1], ";")[[1]])'}[d.kind]
        # RRuni's pi: every category's share for FR, the YES share for Warner and UQT
        which = "seq_along(r$pi)" if d.kind in ("forced", "kary") else "2"
        lines += [f'  u <- a[a$question == "{q.id}", ]',
                  f'  attempt("RRreg {q.id}", {{ r <- RRreg::RRuni(u$answer_code, {call}); print(r)',
                  f'    keep("RRreg", "{q.id}", strsplit(u$choices[1], ";")[[1]][{which}], r$pi, r$piSE) }})']
        if model is not None and model.model.outcome.id == q.id:
            lines.append(f'  attempt("RRreg model", print(summary(RRreg::RRlog({formula}, data = u, {call}, '
                         f'LR.test = FALSE))))')
    for q in (q for q in s.randomized if q.kind == "cdm"):
        # RRreg's CDMsym: p = (YES | non-carrier, NO | carrier) of group 1, then of group 2 -- each
        # group's p_yes and p_no columns; its pi is the report's truthful_yes, its gamma the cheating share
        lines += [f'  u <- cdm[cdm$question == "{q.id}", ]; ua <- u[u$group == "a", ][1, ]; ub <- u[u$group == "b", ][1, ]',
                  f'  attempt("RRreg {q.id}", {{ r <- RRreg::RRuni(u$answer_code, model = "CDMsym", '
                  'p = c(ua$p_yes, ua$p_no, ub$p_yes, ub$p_no), group = ifelse(u$group == "a", 1, 2)); print(r)',
                  f'    keep("RRreg", "{q.id}", c("truthful_yes", "cheating"), c(r$pi, r$gamma), c(r$piSE, r$gammaSE)) }})']
    for q in (q for q in s.randomized if q.kind == "unrelated_unknown"):
        # RRreg's UQTunknown: p = each group's chance of the sensitive question (the p_truth column
        # of group a's rows, then b's); its pi is the report's estimate, piUQ the innocuous share
        lines += [f'  u <- uqt[uqt$question == "{q.id}", ]; ua <- u[u$group == "a", ][1, ]; ub <- u[u$group == "b", ][1, ]',
                  f'  attempt("RRreg {q.id}", {{ r <- RRreg::RRuni(u$answer_code, model = "UQTunknown", '
                  'p = c(ua$p_truth, ub$p_truth), group = ifelse(u$group == "a", 1, 2)); print(r)',
                  f'    keep("RRreg", "{q.id}", c("yes", "innocuous_yes"), c(r$pi, r$piUQ), c(r$piSE, r$piUQSE)) }})']
    lines += ["}", 'if (requireNamespace("rr", quietly = TRUE)) {']
    for q in (q for q in s.randomized if not q.two_groups):
        d = q.design
        assert d is not None
        if d.kind == "kary":
            lines.append(f"  # {q.id}: k-ary designs are not in rr; see RRreg above")
            continue
        fit_model = model is not None and model.model.outcome.id == q.id
        negated = d.kind == "warner" and not d.truth_probability > 0.5
        if d.kind == "forced":
            args = 'p = u$p_truth[1], p1 = u$p_yes[1], p0 = u$p_no[1], design = "forced-known"'
        elif d.kind == "unrelated":
            args = 'p = u$p_truth[1], q = u$prevalence[1], design = "unrelated-known"'
        elif not negated:
            args = 'p = u$p_truth[1], design = "mirrored"'
        else:  # rr's mirrored design needs p > 1/2: the same model for the negation, with 1 - p
            lines += [f"  # {q.id}: Warner with p < 1/2 is Warner with 1 - p for the opposite statement; rr needs",
                      "  # p > 1/2, so fit that: its coefficients are those of this question with the sign flipped"]
            args = 'p = 1 - u$p_truth[1], design = "mirrored"'
        lines += [f'  u <- a[a$question == "{q.id}", ]',
                  f'  attempt("rr {q.id}", {{ f <- rr::rrreg(answer_code ~ 1, data = u, {args})',
                  f'    rr_prevalence("{q.id}", f, negated = {"TRUE" if negated else "FALSE"}) }})']
        if fit_model:
            lines.append(f'  attempt("rr model", rr_table(rr::rrreg({formula}, data = u, {args})))')
    lines += ["}", 'if (!is.null(rows)) {', '  write.csv(rows, "estimates-packages-r.csv", row.names = FALSE)',
              "  print(rows, digits = 6)", "}", ""]
    return "\n".join(lines)


def _cheating_model_r(results: Results) -> list[str]:
    """Part 1c, for a ``--model`` whose outcome is a cdm question: the same regression
    (:func:`rrdesk.core.regression.cheating_logistic`) by base R's ``optim`` on its likelihood,
    written to ``model-r.csv`` -- RRreg's ``RRlog`` leaves the cheaters out of its CDM likelihood."""
    model = results.model
    if model is None or model.model.outcome.kind != "cdm":
        return []
    terms = " + ".join(_r_term(q) for q in model.model.covariates) or "1"
    return [f"# ---- 1c. the model {model.model.text}: cheating detection, base R's optim -------------------",
            "# the trait among the honest follows plogis(X b); a share g of everyone says NO whatever the",
            "# spinner shows: P(YES) = (1 - g) * (p_yes + (1 - p_no - p_yes) * plogis(X b)), with each",
            "# respondent's group's p_yes and p_no. rrdesk maximizes the same likelihood by Newton.",
            f'u <- cdm[cdm$question == "{model.model.outcome.id}", ]',
            f"X <- model.matrix(~ {terms}, data = u)  # rows with a direct answer unknown or skipped drop out",
            "u <- u[rownames(X), ]; X <- X[, colSums(X != 0) > 0, drop = FALSE]",
            "k <- ncol(X); other <- u$p_yes; carrier <- 1 - u$p_no",
            "nll <- function(t) -sum(dbinom(u$answer_code, 1, (1 - t[k + 1]) * (other + (carrier - other) *",
            "                                plogis(X %*% t[1:k])), log = TRUE))",
            "fit <- optim(c(rep(0, k), 0.2), nll, method = \"L-BFGS-B\", lower = c(rep(-Inf, k), 0),",
            "             upper = c(rep(Inf, k), 0.99), control = list(factr = 1, pgtol = 0, maxit = 10000,",
            "                                                          ndeps = rep(1e-6, k + 1)))",
            "H <- optimHess(fit$par, nll)",
            "edge <- fit$par[k + 1] < 1e-6  # at g = 0 the likelihood peaked below it: no SE for g",
            "se <- if (edge) c(sqrt(diag(solve(H[1:k, 1:k, drop = FALSE]))), NA) else sqrt(diag(solve(H)))",
            'fitted <- data.frame(term = c(colnames(X), "cheating share"), estimate = fit$par, se = se)',
            'write.csv(fitted, "model-r.csv", row.names = FALSE)',
            "print(fitted, digits = 6)", ""]


def _sample_r(s: Survey) -> list[str]:
    """Part 1b, for a survey with ``[sample]``: the design-based estimates with R's ``survey``
    package -- ``svymean`` of each answer's de-biased indicator ``(z − a) / b`` on the survey's
    ``svydesign`` -- written to ``estimates-design-r.csv`` (before the report keeps them in [0, 1])."""
    if s.strata is None and s.clusters is None:
        return []
    cluster = "interviewer" if s.clusters == "interviewer" else f"direct_{s.clusters}"
    population = ""
    if s.population:
        by = f"u$direct_{s.strata}" if s.strata is not None else "1"
        names = s.question(s.strata).answer_ids if s.strata is not None else ("1",)
        pairs = ", ".join(f'"{n}" = {v:g}' for n, v in zip(names, s.population))
        population = f"  u$M_ <- c({pairs})[as.character({by})]"
    design = ", ".join(["ids = " + ("~cluster_" if s.clusters is not None else "~1"),
                        *(["strata = ~stratum_"] if s.strata is not None else []), "weights = ~w_",
                        *(["fpc = ~M_"] if s.population else []), "nest = TRUE", "data = u"])
    return ["# ---- 1b. the survey file's [sample]: strata and clusters, with R's survey package ------------",
            'if (requireNamespace("survey", quietly = TRUE)) {',
            "  dout <- NULL",
            "  for (q in unique(a$question)) {",
            "    u <- a[a$question == q, ]",
            '    u$w_ <- if ("weight" %in% names(u) && any(!is.na(u$weight))) u$weight else 1',
            *([f"    u$stratum_ <- u$direct_{s.strata}"] if s.strata is not None else []),
            *([f"    u$cluster_ <- u${cluster}"] if s.clusters is not None else []),
            *(["  " + population] if population else []),
            '    u <- u[!is.na(u$w_) & complete.cases(u[, intersect(c("stratum_", "cluster_"), names(u)), drop = FALSE]), ]',
            '    choices <- strsplit(u$choices[1], ";")[[1]]; k <- length(choices)',
            "    if (k == 2) { pa <- u$p_yes_given_no[1]; b <- u$p_yes_given_yes[1] - pa; pa <- c(1 - pa - b, pa) }",
            '    else { pa <- as.numeric(strsplit(u$p_say[1], ";")[[1]]); b <- u$p_truth[1] }',
            '    for (j in seq_len(k)) u[[paste0("y", j)]] <- ((u$answer_code == j - 1) - pa[j]) / b',
            f"    des <- survey::svydesign({design})",
            '    m <- survey::svymean(as.formula(paste("~", paste0("y", seq_len(k), collapse = " + "))), des, deff = "replace")',
            "    dout <- rbind(dout, data.frame(question = q, category = choices, estimate = coef(m), se = survey::SE(m),",
            "                                   deff = survey::deff(m)))",
            "  }",
            '  write.csv(dout, "estimates-design-r.csv", row.names = FALSE)',
            "  print(dout, digits = 4)",
            "}", ""]


def analysis_do(results: Results) -> str:
    """``analysis.do``: Stata's ``rrlogit`` for each yes/no question (and the ``--model``)."""
    s = results.survey
    lines = [f"* {s.title} ({s.id}): the report's numbers again, from answers.csv.",
             "* Written by rrdesk aggregate --out. Needs rrlogit (Jann 2005): ssc install rrlogit",
             "* answer_code: 0 = no, 1 = yes. pyes/pno: the design's forced answers, pwarner: Warner's p.",
             'import delimited using "answers.csv", clear varnames(1) case(preserve) '
             f"stringcols({' '.join(str(c) for c in _text_columns(s))})"]
    model = results.model
    covariates = model.model.covariates if model is not None else ()
    terms: list[str] = []
    for q in covariates:
        if q.number is not None:
            terms.append(f"direct_{q.id}")
            continue
        # answers as numbers in choice order, then a 0/1 dummy for each but the first (the
        # reference): rrlogit takes plain variables only, not factor notation (ib0.)
        labels = " ".join(f'{j} "{c}"' for j, c in enumerate(q.answer_ids))
        lines += [f"label define {q.id}_codes {labels}",
                  f"encode direct_{q.id}, generate({q.id}_code) label({q.id}_codes) noextend"]
        for j, c in enumerate(q.answer_ids[1:], 1):
            name = f"{q.id}_{j}"
            lines.append(f"generate byte {name} = ({q.id}_code == {j}) if !missing({q.id}_code)  "
                         f"// {q.id} = {c}")
            terms.append(name)
    lines += _svyset(s)
    for q in s.randomized:
        d = q.design
        assert d is not None
        if q.kind == "cdm":
            lines.append(f"* {q.id}: cheating detection (two groups, the column group); see report.html")
            continue
        if q.kind == "unrelated_unknown":
            lines.append(f"* {q.id}: unrelated question, unknown innocuous prevalence (two groups, the column "
                         "group; each group's p_truth); see report.html")
            continue
        p = answer_parameters(q)
        if d.categories != 2:
            kary = design_parameters(q)
            lines += [f"* {q.id} (k-ary): the share of each answer, corrected: (share - p_say) / p_truth",
                      f'tabulate answer_code if question == "{q.id}"',
                      f"* p_truth = {kary['p_truth']!r}, p_say per answer (code order) = {kary['p_say']}"]
            continue
        option = f"pwarner({p['pwarner']!r})" if d.kind == "warner" else f"pyes({p['pyes']!r}) pno({p['pno']!r})"
        # each question in its own block: a failure is shown and the do-file goes on
        lines += [f"* {q.id} ({q.kind}): the prevalence is invlogit(_b[_cons])", "capture noisily {",
                  f'    rrlogit answer_code if question == "{q.id}", {option}',
                  "    nlcom invlogit(_b[_cons])", "}"]
        if s.strata is not None or s.clusters is not None:
            a, b = p["p_yes_given_no"], p["p_yes_given_yes"] - p["p_yes_given_no"]
            lines += [f"* {q.id} with the sample design: the mean of the de-biased answer, (answer_code - a) / b",
                      f'generate y_{q.id} = (answer_code - ({a!r})) / ({b!r}) if question == "{q.id}"',
                      "capture noisily {", f"    svy: mean y_{q.id}", "    estat effects, deff", "}"]
        if s.weight_question is not None:
            lines += ["* weighted by the survey's [weight] (the column weight): robust, linearized SEs",
                      "capture noisily {",
                      f'    rrlogit answer_code if question == "{q.id}" [pweight=weight], {option}',
                      "    nlcom invlogit(_b[_cons])", "}"]
        if model is not None and model.model.outcome.id == q.id and covariates:
            lines += [f"* the model {model.model.text}: odds ratios", "capture noisily {",
                      f'    rrlogit answer_code {" ".join(terms)} if question == "{q.id}", {option} or', "}"]
    lines.append("")
    return "\n".join(lines)


def _svyset(s: Survey) -> list[str]:
    """``svyset`` for a survey with ``[sample]``: its clusters, weights, strata and population."""
    if s.strata is None and s.clusters is None:
        return []
    out = ["* the survey file's [sample]: strata and clusters (svy: mean below, as the report's weighted numbers)",
           "capture generate w_ = weight", "capture generate w_ = 1", "replace w_ = 1 if missing(w_)"]
    psu = "_n"
    if s.clusters is not None:
        source = "interviewer" if s.clusters == "interviewer" else f"direct_{s.clusters}"
        out.append(f"encode {source}, generate(cluster_)")
        psu = "cluster_"
    options = []
    if s.strata is not None:
        out.append(f"encode direct_{s.strata}, generate(stratum_)")
        options.append("strata(stratum_)")
    if s.population:
        out.append("generate M_ = .")
        names = s.question(s.strata).answer_ids if s.strata is not None else ()
        out += ([f'replace M_ = {v:g} if direct_{s.strata} == "{n}"' for n, v in zip(names, s.population)]
                if s.strata is not None else [f"replace M_ = {s.population[0]:g}"])
        options.append("fpc(M_)")
    out.append(f"svyset {psu} [pweight=w_]{', ' + ' '.join(options) if options else ''}")
    return out


def _text_columns(s: Survey) -> list[int]:
    """answers.csv's text columns, numbered from 1 as Stata's stringcols() takes them (ids,
    answers and the direct answers, which Stata would otherwise read as numbers when they look
    like numbers)."""
    text = ("survey", "device", "log", "question", "design", "answer", "p_say", "respondent", "choices", "group",
            "day", "interviewer", "version")
    return [i + 1 for i, c in enumerate(ANSWER_COLUMNS) if c in text] + \
        [len(ANSWER_COLUMNS) + j + 1 for j, q in enumerate(s.direct) if q.number is None]  # a number stays one


def _r_term(q: Question) -> str:
    """A covariate in R's formula: a number as it is; answers as a factor in choice order (the
    first the reference, as rrdesk's dummies), even when the ids are digits R would read as numbers."""
    if q.number is not None:
        return f"direct_{q.id}"
    levels = ", ".join(f'"{a}"' for a in q.answer_ids)
    return f"factor(direct_{q.id}, levels = c({levels}))"
