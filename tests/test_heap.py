"""rrdesk.core.heap: a stream's 1 MiB buffers reuse the heap's pages while it runs."""
from __future__ import annotations

import contextlib
import gc
import os
import resource
import threading
from pathlib import Path

import pytest

from rrdesk.core import heap
from rrdesk.core import survey as surveys
from rrdesk.store.bundle import _write as _bundle_write
from tests.conftest import DEMO, NoSync

glibc = pytest.mark.skipif(heap._glibc() is None, reason="the allocator is glibc's only")


def _faults_of_an_export_write(tmp_path: Path, steady: bool, monkeypatch) -> int:
    """Page faults taken while a 48 MiB log is streamed into a sealed tar (``write_tar``, as
    an export does: 1 MiB pieces read, sealed, hashed and written on three threads)."""
    log = tmp_path / "0123-4567.rrlog"
    if not log.exists():
        log.write_bytes(os.urandom(48 << 20))  # not a log: the scan stops at its header, the rest is streamed
    monkeypatch.setattr(_bundle_write, "steady_buffers", heap.steady_buffers if steady else contextlib.nullcontext)
    fd = os.open(log, os.O_RDONLY)
    out = os.open(tmp_path / "out.tar.age", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    members = [_bundle_write.Member(log.name, fd=fd, size=log.stat().st_size, path=log, log=True),
               _bundle_write.Member("manifest.json")]
    try:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        _bundle_write.write_tar(NoSync(), out, surveys.load(DEMO).recipients, members, {"format": "test"})
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    finally:
        os.close(out)
        os.close(fd)


@glibc
def test_an_export_reuses_the_heaps_pages_instead_of_faulting_each_piece_in(tmp_path, monkeypatch):
    """Without it, glibc maps and unmaps the pieces and the kernel faults their pages in again
    and again (here 11,000-37,000 faults for 48 MiB); with it, the heap's pages come back."""
    _faults_of_an_export_write(tmp_path, True, monkeypatch)  # warm: imports, the threads, the heap
    without = _faults_of_an_export_write(tmp_path, False, monkeypatch)
    within = _faults_of_an_export_write(tmp_path, True, monkeypatch)
    assert within * 4 < without, (within, without)


def test_it_nests_across_threads_and_lets_go_when_the_last_one_leaves():
    seen: list[int] = []
    start = heap._held

    def hold() -> None:
        with heap.steady_buffers():
            with heap.steady_buffers():
                seen.append(heap._held)

    workers = [threading.Thread(target=hold) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if heap._glibc() is not None:
        assert min(seen) >= start + 2
    assert heap._held == start


def test_elsewhere_it_does_nothing(monkeypatch):
    start = heap._held
    monkeypatch.setattr(heap, "_glibc", lambda: None)
    with heap.steady_buffers():
        assert heap._held == start
    assert heap._held == start


def test_fewer_collections_raises_the_young_threshold_and_gives_it_back():
    before = gc.get_threshold()
    with heap.fewer_collections():
        assert gc.get_threshold() == (max(before[0], 10_000), *before[1:])
        with heap.fewer_collections():  # nested: still raised, not raised twice
            assert gc.get_threshold()[0] == max(before[0], 10_000)
        assert gc.get_threshold()[0] == max(before[0], 10_000)
    assert gc.get_threshold() == before


def test_fewer_collections_keeps_a_threshold_set_higher_and_lets_go_after_the_last_thread():
    before = gc.get_threshold()
    gc.set_threshold(50_000, *before[1:])
    try:
        seen: list[int] = []
        barrier = threading.Barrier(4)

        def hold() -> None:
            with heap.fewer_collections():
                barrier.wait()  # all four hold it at once
                seen.append(gc.get_threshold()[0])
                barrier.wait()

        workers = [threading.Thread(target=hold) for _ in range(4)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert seen == [50_000] * 4
        assert gc.get_threshold()[0] == 50_000
    finally:
        gc.set_threshold(*before)


def test_collect_runs_with_fewer_collections(tmp_path, monkeypatch):
    """The aggregation's loop is where it pays: collect holds it while it runs, not after."""
    from rrdesk.store import collect as collecting
    from rrdesk.store.collect import _collect

    seen: list[int] = []
    real = _collect._collect

    def spy(*args, **kwargs):
        seen.append(gc.get_threshold()[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(_collect, "_collect", spy)
    before = gc.get_threshold()
    collecting.collect([], [])
    assert seen == [max(before[0], 10_000)]
    assert gc.get_threshold() == before
