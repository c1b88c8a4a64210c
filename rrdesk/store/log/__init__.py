"""The record log (FORMAT.md §1): its bytes, its writer, its reader and its checks.

- the frame codec (header, frames, key file, the tag chain) and the one reader:
  :class:`LogStream` reads a log as a stream, holding a frame or two; ``scan`` is it fed the
  whole file, keeping the frames;
- :class:`LogWriter`: the one writer of a laptop's log (append, recovery, the key's flush);
- the laptop's signature of each log header it begins (FORMAT.md §1.11);
- the checks of one log wherever it was found (:class:`FoundLog`), shared by verify and
  aggregate.
"""
from __future__ import annotations

from rrdesk.store.log._checks import (
    OPEN_BATCH,
    Days,
    FoundLog,
    check_found_log,
    check_records,
    first_key,
    open_record,
    open_records,
    out_of_order,
    record_problems,
    structure_problems,
    unmatched_problems,
)
from rrdesk.store.log._frames import (
    MAX_FRAME,
    MAX_SURVEY_ID,
    SURVEY_ID,
    TAG_FAILED,
    Header,
    LogStream,
    check_tags,
    encode_frame,
    encode_header,
    encode_key_file,
    evolve,
    scan,
)
from rrdesk.store.log._sign import (
    SUFFIX,
    bundle_problems,
    folder_problems,
    sign_own_logs,
    signature_path,
    write_signature,
)
from rrdesk.store.log._writer import (
    MAX_LOG,
    Ahead,
    LogWriter,
    key_path,
    log_path,
)

__all__ = [
    "Ahead",
    "Days",
    "FoundLog",
    "Header",
    "LogStream",
    "LogWriter",
    "MAX_FRAME",
    "MAX_LOG",
    "MAX_SURVEY_ID",
    "OPEN_BATCH",
    "SUFFIX",
    "SURVEY_ID",
    "TAG_FAILED",
    "bundle_problems",
    "check_found_log",
    "check_records",
    "check_tags",
    "encode_frame",
    "encode_header",
    "encode_key_file",
    "evolve",
    "first_key",
    "folder_problems",
    "key_path",
    "log_path",
    "open_record",
    "open_records",
    "out_of_order",
    "record_problems",
    "scan",
    "sign_own_logs",
    "signature_path",
    "structure_problems",
    "unmatched_problems",
    "write_signature",
]
