"""Export bundles (FORMAT.md §2): writing one from a data folder, and opening one again.

``export`` snapshots a data folder and streams it into one sealed tar on the destination,
then reads it back from the device; ``open_bundle``/``read_bundle`` open one with every check;
``index_bundle`` reads one as a stream for the aggregator and says where each record lies;
the custody checks of one bundle (its origin, each log's header signature, the ledger).
"""
from __future__ import annotations

from rrdesk.store.bundle._custody import CopySigned, judge, ledger_view, signatures
from rrdesk.store.bundle._export import BundleOps, export, on_same_disk
from rrdesk.store.bundle._export_scan import TailSum, scan_apart
from rrdesk.store.bundle._index import (
    BundleIndex,
    Bundles,
    LogIndex,
    Verdicts,
    bundle_survey,
    index_bundle,
    miscounted,
)
from rrdesk.store.bundle._mounts import (
    Mount,
    device_name,
    mount_of,
    removable,
)
from rrdesk.store.bundle._open import (
    FORMAT,
    MANIFEST,
    SUFFIX,
    SURVEY_FILE,
    SURVEY_SIGNATURE,
    TORN_DIR,
    VERSIONS_DIR,
    Read,
    open_bundle,
    read_bundle,
)
from rrdesk.store.bundle._read_back import READ, read_back

__all__ = [
    "BundleIndex",
    "BundleOps",
    "CopySigned",
    "Bundles",
    "FORMAT",
    "LogIndex",
    "MANIFEST",
    "Mount",
    "READ",
    "Read",
    "SUFFIX",
    "SURVEY_FILE",
    "SURVEY_SIGNATURE",
    "TORN_DIR",
    "TailSum",
    "VERSIONS_DIR",
    "bundle_survey",
    "device_name",
    "export",
    "index_bundle",
    "judge",
    "ledger_view",
    "miscounted",
    "mount_of",
    "on_same_disk",
    "open_bundle",
    "read_back",
    "read_bundle",
    "removable",
    "scan_apart",
    "signatures",
    "Verdicts",
]
