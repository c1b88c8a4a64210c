"""Keeping a stream's 1 MiB buffers in the heap while it runs (glibc's allocator only), and the
cyclic garbage collector out of a record-by-record loop's way.

An export reads, seals and writes a bundle in pieces of 1 MiB, each a new ``bytes`` freed a
moment later. glibc serves an allocation that large with a fresh ``mmap`` and gives it back to
the kernel when it is freed (or, once its threshold has adapted, trims the heap's top as soon
as it is freed): every piece is then paid for again in page faults, one per 4 KiB. On a 500 MB
export that was about 170,000 faults and 0.35 s of the kernel's time, on a 2-core laptop whose
cores are both busy sealing and scanning. While :func:`steady_buffers` is held, such pieces are
carved from the heap and the heap keeps what was freed, so the same pages are used again. An
aggregation, which reads bundles in the same pieces, is about 3 % quicker with it.

Elsewhere (musl, macOS, Windows) this does nothing: their allocators decide for themselves.

While :func:`fewer_collections` is held, Python's cyclic collector looks at new objects every
10,000 allocations instead of every 700. An aggregation opens records in batches of 2,048, each
leaving a few tuples and a record object alive until the batch is counted: at 700 the collector
ran every 70-odd records, found nothing to free, and moved the survivors on to older generations
that it then traversed again, the oldest (every module, every class) included: about 1 µs of
each record's ~60 inside the collector, against 0.05 µs at 10,000, and 2-4 % of the whole
aggregation's CPU time per record in interleaved A/B runs (10^5 and 3 x 10^5 records, one
worker). The objects are the same either way, and so is what is freed: only how often the
collector looks changes.
"""
from __future__ import annotations

import gc
import threading
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    import ctypes

__all__ = ["fewer_collections", "steady_buffers", "steady_from_now"]

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # why: glibc's <malloc.h> names for mallopt's parameters
_MMAP_AT = 4 << 20
# why: above a 1 MiB piece (and a tar header with it), below the 32 MiB glibc allows: only a
# buffer larger than any a stream uses still gets a mapping of its own
_TRIM_AT = 32 << 20
# why: the heap gives back what is free at its top only beyond 32 MiB: a stream's few MiB of
# pieces in flight stay, while a process that has finished (or a window left open after an
# export) still returns what it no longer uses (malloc_trim at the end)
_DEFAULT = 128 << 10  # why: glibc's default for both thresholds, restored when the last holder leaves

_YOUNG = 10_000  # why: above a batch's survivors (rrdesk.store.collect CHUNK records, a few objects each)

_lock = threading.Lock()
_held = 0
_collections_held = 0
_thresholds: tuple[int, ...] = ()  # the collector's thresholds before the first holder came
_for_good: list[AbstractContextManager[None]] = []  # the holds of steady_from_now, kept so they are never let go


def _glibc() -> ctypes.CDLL | None:
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # why: present in glibc only; another libc's mallopt differs
        return libc if hasattr(libc, "mallopt") else None
    except (OSError, AttributeError):
        return None


@contextmanager
def steady_buffers() -> Iterator[None]:
    """Within: large short-lived buffers reuse the heap's pages (see the module's text). Nests,
    and threads may hold it at once; the defaults come back when the last one leaves."""
    global _held
    libc = _glibc()
    if libc is None:
        yield
        return
    with _lock:
        if _held == 0:
            libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_AT)
            libc.mallopt(_M_TRIM_THRESHOLD, _TRIM_AT)
        _held += 1
    try:
        yield
    finally:
        with _lock:
            _held -= 1
            if _held == 0:
                libc.mallopt(_M_MMAP_THRESHOLD, _DEFAULT)
                libc.mallopt(_M_TRIM_THRESHOLD, _DEFAULT)
                libc.malloc_trim(0)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Within: the cyclic garbage collector looks at new objects less often (see the module's
    text); a threshold set higher already is kept. Nests, and threads may hold it at once; the
    thresholds come back when the last one leaves."""
    global _collections_held, _thresholds
    with _lock:
        if _collections_held == 0:
            _thresholds = gc.get_threshold()
            gc.set_threshold(max(_thresholds[0], _YOUNG), *_thresholds[1:])
        _collections_held += 1
    try:
        yield
    finally:
        with _lock:
            _collections_held -= 1
            if _collections_held == 0:
                gc.set_threshold(*_thresholds)


def steady_from_now() -> None:
    """:func:`steady_buffers` and :func:`fewer_collections` for the rest of this process: for a
    process that exists for one stream (an aggregation's worker)."""
    for hold in (steady_buffers(), fewer_collections()):
        hold.__enter__()
        _for_good.append(hold)
