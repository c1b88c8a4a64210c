"""How the benchmarks judge a target honestly on a machine that may be busy (issue #33).

Wall time follows the machine's load, not the code: another process on the same cores makes
any run slower, by any factor. So, as pyperf and hyperfine do:

- a figure per core is judged on **CPU time** (what this process and its workers spent), which
  other load inflates far less than wall time;
- a figure that needs the cores to itself (a speed-up from two workers, a latency) is judged
  only when the machine is **quiet**: otherwise the verdict says "not judged: load N on C cores"
  and prints the figure all the same (N: the cores other processes keep busy, read from
  /proc/stat while this one sleeps -- not the load average, which counts this run's own work
  for minutes after it);
- a comparison of two programs is made of **interleaved A/B pairs** (A, B, B, A, ...), so that
  load hits both alike, and printed as the min, median and max of the ratios; judged on the
  median when quiet, and on a busy machine only when every pair falls on one side of the
  target (:func:`pairs_verdict`).
"""
from __future__ import annotations

import os
import resource
import statistics
import time
from typing import Callable

QUIET_SHARE = 0.9
# why: a spin loop that gets under 90 % of a core while it runs shares its core with another
# process; a quiet machine gives it 98-100 %
QUIET_LOAD = 0.25
# why: the share of each core that other processes keep busy while this one sleeps, above which
# the machine is not quiet: a quiet 2-core machine reads 0.00-0.01, one CPU hog on it 0.50-0.51
# (one core of two). At 0.5 a single hog fell either side of the line from run to run


def others_load(seconds: float = 0.5) -> float | None:
    """How many cores other processes keep busy, measured over ``seconds`` while this one sleeps
    (Linux's /proc/stat; None elsewhere). Why not the load average: it follows this benchmark's
    own work for minutes after it (a run that kept a core busy reads "load 1.0" at its end)."""
    def ticks() -> tuple[int, int] | None:
        try:
            with open("/proc/stat", encoding="ascii") as f:
                fields = [int(x) for x in f.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        return sum(fields), fields[3] + (fields[4] if len(fields) > 4 else 0)  # all, idle + iowait
    first = ticks()
    time.sleep(seconds)
    last = ticks()
    if first is None or last is None or last[0] == first[0]:
        return None
    cores = os.cpu_count() or 1
    return cores * (1 - (last[1] - first[1]) / (last[0] - first[0]))


def share_of_a_core(seconds: float = 0.3) -> float:
    """The share of one core a busy loop gets for ``seconds`` (1.0 on a quiet machine)."""
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        pass
    return (time.process_time() - cpu) / (time.perf_counter() - start)


def busy() -> str | None:
    """Why the machine is too busy for a wall-time verdict (None: quiet enough)."""
    cores = os.cpu_count() or 1
    load = others_load()
    if load is None:  # no /proc/stat: the load average (it may still count this run's own work)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    share = share_of_a_core()
    if load / cores > QUIET_LOAD or share < QUIET_SHARE:
        return f"not judged: load {load:.1f} on {cores} cores, this process got {100 * share:.0f} % of a core"
    return None


def load_note(why_not: str | None) -> str:
    """How loaded the machine was, for a benchmark's first line."""
    return "the machine is quiet" if why_not is None else "the machine is busy: " + why_not.removeprefix("not judged: ")


def still_quiet(why_not: str | None) -> str | None:
    """``why_not`` (from :func:`busy` before the run), or why the machine is busy now: a run
    that began quiet and ended loaded is not judged either."""
    return why_not if why_not is not None else busy()


def cpu_self() -> float:
    """CPU seconds (user + system) this process has spent, all its threads."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def cpu_children() -> float:
    """CPU seconds (user + system) of this process's finished, waited-for children: the
    difference around one ``subprocess.run`` is that child's CPU time."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def verdict(ok: bool, why_not: str | None = None) -> str:
    """PASS or FAIL, or why the figure is not judged."""
    return why_not if why_not is not None else ("PASS" if ok else "FAIL")


def pairs(a: Callable[[], float], b: Callable[[], float], n: int = 5) -> list[float]:
    """The ratios b/a of ``n`` interleaved pairs (A B, then B A, ...): each call gives a cost
    (seconds, or CPU seconds per record)."""
    ratios = []
    for i in range(n):
        if i % 2 == 0:
            first, second = a(), b()
            ratios.append(second / first)
        else:
            second, first = b(), a()
            ratios.append(second / first)
    return ratios


def median(values: list[float]) -> float:
    """The median of a set of ratios: what a verdict on interleaved pairs is judged on."""
    return statistics.median(values)


def pairs_verdict(ratios: list[float], target: float, why_not: str | None) -> str:
    """The verdict on interleaved pairs' ratios (lower is better) against ``target``: the median
    on a quiet machine; on a busy one only when every pair agrees (all under or all over the
    target), else why not -- load inflates even CPU time a little (caches emptied at each
    switch, a virtual core's stolen time), enough to move a figure near its target across it."""
    if why_not is None:
        return verdict(median(ratios) <= target)
    if max(ratios) <= target or min(ratios) > target:
        return verdict(max(ratios) <= target)
    return f"{why_not}; the pairs straddle the target"


def pairs_ok(ratios: list[float], target: float, why_not: str | None) -> bool:
    """Whether :func:`pairs_verdict` is not a FAIL (a run not judged does not fail)."""
    return pairs_verdict(ratios, target, why_not) != "FAIL"


def spread(values: list[float]) -> str:
    """min / median / max, as the benchmarks print a set of ratios."""
    return f"min {min(values):.3f}, median {statistics.median(values):.3f}, max {max(values):.3f}"
