"""The maximum-likelihood prevalences on the simplex, for designs with more than two answers.

Part of :mod:`rrdesk.core.estimate._estimate` (which re-exports :func:`maximum_likelihood` and explains
when each is used): the closed form of the Karush–Kuhn–Tucker conditions for the designs
rrdesk builds (:func:`simplex_mle`), and EM for any other matrix.
"""
from __future__ import annotations

import numpy as np


def maximum_likelihood(matrix: np.ndarray, share: np.ndarray, *, tol: float = 1e-13,
                       max_iter: int = 100_000) -> np.ndarray:
    """The maximum-likelihood prevalences on the simplex, by EM.

    Maximizes ``Σ_r λ̂_r log (Mᵀ π)_r`` over ``π ≥ 0, Σ π = 1`` (van den Hout & van der
    Heijden 2002, §3; Dempster, Laird & Rubin 1977). The E step splits each recorded
    answer ``r`` over the truths in proportion to ``π_i M[i, r]``; the M step sets
    ``π_i`` to the resulting share: ``π_i ← π_i Σ_r λ̂_r M[i, r] / (Mᵀ π)_r``. The
    log-likelihood is concave and EM never decreases it, so from the interior (the
    uniform start) it converges to the maximum.

    Parameters
    ----------
    matrix : ndarray, shape (k, k)
        ``P(report | truth)``, all entries positive.
    share : ndarray, shape (k,) or (surveys, k)
        Recorded shares ``λ̂`` (each row sums to 1).
    tol : float
        Stop when no ``π_i`` moves by more than this in one step.
    max_iter : int
        A cap for estimates on a face of the simplex where EM's progress is slow.

    Returns
    -------
    ndarray
        ``π̂`` with the shape of ``share``.
    """
    m = np.asarray(matrix, dtype=float)
    s = np.atleast_2d(np.asarray(share, dtype=float))
    pi = np.full(s.shape, 1.0 / m.shape[0])
    active = np.arange(s.shape[0])
    for _ in range(max_iter):
        if active.size == 0:
            break
        p, sa = pi[active], s[active]
        reported = p @ m
        ratio = np.divide(sa, reported, out=np.zeros_like(sa), where=sa > 0)
        new = p * (ratio @ m.T)
        new /= new.sum(axis=1, keepdims=True)  # guards rounding drift only; Σ is 1 in exact arithmetic
        moved = np.abs(new - p).max(axis=1)
        pi[active] = new
        active = active[moved > tol]
    # a truth the data rule out converges to 0 only geometrically: drop the residue
    # (below 1e-10, far under any reported digit) so the report shows 0, not 3e-13
    pi[pi < 1e-10] = 0.0
    pi /= pi.sum(axis=1, keepdims=True)
    return pi.reshape(np.shape(share)) if np.ndim(share) == 1 else pi


def simplex_mle(a: np.ndarray, b: float, share: np.ndarray) -> np.ndarray:
    """The MLE on the simplex when report j has probability ``a_j + b π_j`` (b > 0).

    Karush–Kuhn–Tucker: ``max Σ_j λ̂_j log(a_j + b π_j)`` over the simplex is reached
    with ``a_j + b π_j = b λ̂_j / μ`` for the categories in the support and ``π_j = 0``
    for the rest, which are those with ``λ̂_j / a_j ≤ μ / b``. So the support is the
    top ``m`` categories by ``λ̂_j / a_j``, for the largest ``m`` whose last member still
    passes that test under its own ``μ_m = Σ_top λ̂ / (1 + Σ_top a / b)`` (a water
    filling, as in the Euclidean projection onto the simplex of Held, Wolfe & Crowder
    1974). The log-likelihood is strictly concave in ``λ`` and ``λ`` is one-to-one in
    ``π``, so this is the one maximum, the one EM converges to.
    """
    order = np.argsort(-share / a, axis=1, kind="stable")
    s_top, a_top = np.take_along_axis(share, order, axis=1), a[order]
    mu = np.cumsum(s_top, axis=1) / (1 + np.cumsum(a_top, axis=1) / b)
    passes = s_top * b > mu * a_top
    size = passes.shape[1] - np.argmax(passes[:, ::-1], axis=1)  # the last m that passes
    mu_star = mu[np.arange(mu.shape[0]), size - 1]
    pi = np.maximum(share / mu_star[:, None] - a / b, 0.0)
    return pi / pi.sum(axis=1, keepdims=True)
