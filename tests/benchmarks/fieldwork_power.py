"""The interviewer checks' power and false alarms, by simulation (rrdesk.core.fieldwork).

What is measured
----------------
Four interviewers, each with n ∈ {50, 100, 200} interviews of the demo survey (its four
randomized questions with their own spinners; a direct question with three answers; an age
from 15 to 99), three honest and one not, in 200 studies per cell on a seeded numpy
generator (``--studies`` to change). Per check, the share of studies in which the check flags
the fourth interviewer (power), and the share in which it flags anyone when all four are
honest (the family-wise false-alarm rate, target ≤ 5 %).

Cases (the fourth interviewer's):

* impossible rate -- ``--noncompliance`` share 1, 0.5 and 0.25: that share of respondents say
  NO (a k-ary question's first choice) whatever the spinner says; true YES 20 % for all;
* heterogeneity -- its respondents' true YES 50 % and 35 % where the others' is 20 %;
* direct questions -- answers 80/10/10 % where the others' are 50/30/20 %; ages of which 30 %
  are rounded to a multiple of 5;
* pace -- 9 interviews per day where the others do 6 (Poisson; n / 6 working days each);
  durations -- a median of 14 minutes where the others take 20 (log-normal, σ 0.4).

Usage
-----
``python tests/benchmarks/fieldwork_power.py [--studies 200]``. Prints a table; exit status 0
when every false-alarm rate is at or under 5 %, 1 otherwise. CPU time is printed, not judged.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rrdesk.core import survey as surveys  # noqa: E402
from rrdesk.core.fieldwork import (  # noqa: E402
    ALPHA,
    DirectCounts,
    RandomizedCounts,
    arms_of,
    digit_preference,
    direct_distributions,
    durations,
    heterogeneity,
    impossible_rates,
    pace,
)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "surveys" / "demo.toml"
WHO = ("ana", "ben", "chloe", "dev")
TARGET = "dev"


def _questions() -> list:
    return list(surveys.load(DEMO).randomized)


def _recorded(rng: np.random.Generator, q, n: int, yes: float, noncompliance: float = 0.0) -> list[int]:
    m = q.spinner.matrix
    k = m.shape[0]
    truth = np.array([1 - yes, yes]) if k == 2 else np.array([0.7, 0.2, 0.1])
    said_no = rng.binomial(n, noncompliance)
    counts = rng.multinomial(n - said_no, truth @ m)
    counts[0] += said_no
    return [int(c) for c in counts]


def _randomized(rng, questions, n, *, yes=0.2, target_yes=0.2, noncompliance=0.0) -> list[RandomizedCounts]:
    out = []
    for q in questions:
        counts = {w: _recorded(rng, q, n, target_yes if w == TARGET else yes,
                               noncompliance if w == TARGET else 0.0) for w in WHO}
        out.append(RandomizedCounts(q.id, q.answer_ids, arms_of(q), counts))
    return out


def _direct(rng, n, *, concentrated=False, rounded=0.0) -> list[DirectCounts]:
    region = {w: [int(c) for c in rng.multinomial(n, [0.8, 0.1, 0.1] if concentrated and w == TARGET
                                                   else [0.5, 0.3, 0.2])] for w in WHO}
    digits = {}
    for w in WHO:
        ages = rng.integers(15, 100, n)
        if w == TARGET and rounded:
            pick = rng.random(n) < rounded
            ages[pick] = np.clip(np.round(ages[pick] / 5) * 5, 15, 99).astype(ages.dtype)
        digits[w] = [int(c) for c in np.bincount(ages % 10, minlength=10)]
    return [DirectCounts("region", ("north", "south", "east"), region),
            DirectCounts("age", ("15-99",), {w: [n] for w in WHO}, digits)]


def _days(rng, n, rate_target=6.0):
    days = max(3, n // 6)
    return {w: [int(x) for x in rng.poisson(rate_target if w == TARGET else 6.0, days)] for w in WHO}


def _minutes(rng, n, median_target=20.0):
    return {w: [max(1, int(x)) for x in rng.lognormal(np.log(median_target if w == TARGET else 20.0), 0.4, n)]
            for w in WHO}


def _share(flags_of, studies: int, seed: int, anyone: bool = False) -> float:
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(studies):
        flags = flags_of(rng)
        hits += bool(flags) if anyone else any(f.interviewer == TARGET for f in flags)
    return hits / studies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--studies", type=int, default=200)
    args = parser.parse_args()
    qs = _questions()
    cases = [
        ("impossible rate", "noncompliance 1", lambda rng, n: impossible_rates(_randomized(rng, qs, n, noncompliance=1.0))),
        ("impossible rate", "noncompliance 0.5", lambda rng, n: impossible_rates(_randomized(rng, qs, n, noncompliance=0.5))),
        ("impossible rate", "noncompliance 0.25", lambda rng, n: impossible_rates(_randomized(rng, qs, n,
                                                                                             noncompliance=0.25))),
        ("heterogeneity", "true YES 50 % vs 20 %", lambda rng, n: heterogeneity(_randomized(rng, qs, n, target_yes=0.5))),
        ("heterogeneity", "true YES 35 % vs 20 %", lambda rng, n: heterogeneity(_randomized(rng, qs, n,
                                                                                           target_yes=0.35))),
        ("direct question", "80/10/10 vs 50/30/20", lambda rng, n: direct_distributions(_direct(rng, n,
                                                                                               concentrated=True))),
        ("digit preference", "30 % rounded to 5", lambda rng, n: digit_preference(_direct(rng, n, rounded=0.3))),
        ("pace", "9 a day vs 6", lambda rng, n: pace(_days(rng, n, 9.0))),
        ("duration", "median 14 min vs 20", lambda rng, n: durations(_minutes(rng, n, 14.0))),
    ]
    honest = {
        "impossible rate": lambda rng, n: impossible_rates(_randomized(rng, qs, n, yes=0.0, target_yes=0.0)),
        "heterogeneity": lambda rng, n: heterogeneity(_randomized(rng, qs, n)),
        "direct question": lambda rng, n: direct_distributions(_direct(rng, n)),
        "digit preference": lambda rng, n: digit_preference(_direct(rng, n)),
        "pace": lambda rng, n: pace(_days(rng, n)),
        "duration": lambda rng, n: durations(_minutes(rng, n)),
    }
    sizes = (50, 100, 200)
    start = time.process_time()
    print(f"{args.studies} studies per cell, four interviewers; power = the fourth flagged, "
          f"false alarms = anyone flagged with all honest (target <= {ALPHA:.0%})\n")
    print(f"{'check':<18}{'case':<24}" + "".join(f"{'n=' + str(n):>9}" for n in sizes))
    for check, case, make in cases:
        cells = [_share(lambda rng, make=make, n=n: make(rng, n), args.studies, 1000 + n) for n in sizes]
        print(f"{check:<18}{case:<24}" + "".join(f"{c:>9.0%}" for c in cells))
    ok = True
    for check, make in honest.items():
        cells = [_share(lambda rng, make=make, n=n: make(rng, n), args.studies, 2000 + n, anyone=True) for n in sizes]
        ok &= all(c <= ALPHA for c in cells)
        print(f"{check:<18}{'all honest: false alarms':<24}" + "".join(f"{c:>9.1%}" for c in cells))
    print(f"\nCPU time {time.process_time() - start:.1f} s (printed, not judged)")
    print("false alarms at or under the level" if ok else "a false-alarm rate is over the level")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
