# Reference estimates of RRreg (Heck & Moshagen 2018) for designs rrdesk runs under another
# name: Kuk's card design (RRuni, model "Kuk", one card) and the symmetric cheating-detection
# model (RRuni, model "CDMsym"). Run from this folder: Rscript gen.R (RRreg 0.7.5, R 4.2.2);
# it writes reference.json. The probabilities are those of rrdesk's integer spinners (2^-32
# weights), given to 17 digits, so the comparison is exact to rounding.
suppressMessages(library(RRreg))
options(digits = 17)
json <- function(x) paste0("[", paste(sprintf("%.17g", x), collapse = ", "), "]")
cases <- list()
# Kuk: carriers draw red with p1 = 0.75, non-carriers with p2 = 0.25 (rrdesk: forced response,
# truth 0.5, say YES 0.25, say NO 0.25); and p1 = 0.625, p2 = 0.125 (truth 0.5, YES 0.125, NO 0.375)
kuk <- list(c(0.75, 0.25, 200, 93), c(0.75, 0.25, 1000, 391), c(0.625, 0.125, 500, 181),
            c(0.625, 0.125, 60, 26))
for (k in kuk) {
  y <- c(rep(1, k[4]), rep(0, k[3] - k[4]))
  fit <- RRuni(y, model = "Kuk", p = k[1:2], MLest = FALSE)
  cases[[length(cases) + 1]] <- sprintf(
    '{"model": "Kuk", "p": %s, "n": %d, "red": %d, "pi": %.17g, "se": %.17g}',
    json(k[1:2]), k[3], k[4], fit$pi, fit$piSE)
}
# CDMsym: group A forced YES p[1] = 0.375, forced NO p[2] = 0.125; group B the reverse
# (rrdesk cdm(truth = 0.5, yes = 0.375, no = 0.125)); YES counts per group
cdm <- list(c(1000, 380, 1000, 260), c(800, 345, 760, 190))
p <- c(0.375, 0.125, 0.125, 0.375)
for (k in cdm) {
  y <- c(rep(1, k[2]), rep(0, k[1] - k[2]), rep(1, k[4]), rep(0, k[3] - k[4]))
  g <- c(rep(1, k[1]), rep(2, k[3]))
  fit <- RRuni(y, model = "CDMsym", p = p, group = g, MLest = TRUE)
  cases[[length(cases) + 1]] <- sprintf(
    '{"model": "CDMsym", "p": %s, "n": %s, "yes": %s, "pi": %.17g, "gamma": %.17g, "se_pi": %.17g, "se_gamma": %.17g}',
    json(p), json(k[c(1, 3)]), json(k[c(2, 4)]), fit$pi, fit$gamma, fit$piSE, fit$gammaSE)
}
writeLines(c("[", paste(cases, collapse = ",\n"), "]"), "reference.json")
