"""Large data folders and bundles for the benchmarks, made fast and cached under /tmp.

Recording through the real interview path costs two X25519 operations and two fsyncs per
record, about an hour for 10⁶ records; the benchmarks need only files of the right shape.
So :func:`data_folder` writes a data folder (FORMAT.md §3: ``device-id``, the survey copy,
``current``, one log and its key file) directly with the store's own encoders: each record
is the demo survey's real padded JSON (start, then a spun and an answer record per
randomized question, answers drawn at random), sealed as a real age file whose header -- one
X25519 stanza wrapping one file key -- is shared by every record of a laptop, with a fresh
payload nonce (so a fresh payload key) per record. A reader cannot tell: it still does the
X25519 exchange, the HKDFs, the header MAC and the payload AEAD for every record, which is
what the benchmarks measure; only the writer's share of the work is saved (never do this
for real data: the records of a laptop would share one file key). The frames, tags, chain
and key file are the real ones, so ``rrdesk verify -i`` finds no problem.

:func:`bundle_of` exports such a folder with :func:`rrdesk.store.bundle._export.export`, the real
export. Both are cached under ``$RRDESK_BENCH_CACHE`` (default ``/tmp/rrdesk-bench-cache``),
named by what they hold, and never written inside the repository.
"""
from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from rrdesk.core import survey as surveys
from rrdesk.core.fileio import OsOps
from rrdesk.store import age, bundle, records
from rrdesk.store.age import _age
from rrdesk.store.age import _format as fmt
from rrdesk.store.age._hmac import hkdf
from rrdesk.store.laptop import laptop_key
from rrdesk.store.log import encode_frame, encode_header, encode_key_file, evolve, sign_own_logs

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "surveys" / "demo.toml"
KEY = ROOT / "resources" / "demo-identity.txt"
CACHE = Path(os.environ.get("RRDESK_BENCH_CACHE", "/tmp/rrdesk-bench-cache"))
LAPTOPS = CACHE / "enrolled.laptops"  # the coordinator's list: every laptop bundle_of exported is enrolled
PQ_KEY = CACHE / "pq-identity.txt"  # a post-quantum coordinator (pq_survey), made once
_FLUSH = 8 << 20  # why: write the log in 8 MiB pieces: few system calls, little memory


def pq_survey() -> Path:
    """The demo survey sealed to a post-quantum (age1pq1…) recipient instead, whose identity is
    :data:`PQ_KEY`: the same records, each with an mlkem768x25519 stanza."""
    import re
    from datetime import datetime, timezone

    path = CACHE / "demo-pq.toml"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        identity = age.Identity.generate(random=random.Random(31).randbytes, post_quantum=True)
        PQ_KEY.write_text(age.identity_file_text(identity, datetime(2026, 11, 28, tzinfo=timezone.utc)))
        text = re.sub(r'recipients = \["age1[0-9a-z]+"\]', f'recipients = ["{identity.recipient}"]',
                      DEMO.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    return path


def _sealer(recipients: list[str], rng: random.Random):
    """Seal plaintexts as age files sharing one header (see the module docstring)."""
    file_key = rng.randbytes(age.FILE_KEY_SIZE)
    stanzas = [_age.wrap(file_key, key, os.urandom) if hybrid is None else _age.wrap_hybrid(file_key, hybrid)
               for key, hybrid in map(_age._recipient, recipients)]
    header = fmt.encode(stanzas)
    prefix = header + b" " + fmt.b64encode(_age.header_mac(file_key, header)) + b"\n"
    final = bytes(11) + b"\x01"

    def seal(plaintext: bytes) -> bytes:
        nonce = rng.randbytes(age.PAYLOAD_NONCE_SIZE)
        stream = ChaCha20Poly1305(hkdf(file_key, nonce, b"payload"))
        return prefix + nonce + stream.encrypt(final, plaintext, None)
    return seal


def data_folder(count: int, seed: int, *, pq: bool = False) -> Path:
    """A data folder holding ``count`` records (rounded down to whole interviews) of one laptop;
    with ``pq``, of :func:`pq_survey` (sealed to a post-quantum recipient)."""
    folder = CACHE / f"laptop-{count}-{seed}{'-pq' if pq else ''}"
    if (folder / "done").exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    source = pq_survey() if pq else DEMO
    survey = surveys.load(source)
    rng = random.Random(f"{count}-{seed}{'-pq' if pq else ''}")  # why both: one seed at two sizes must be two laptops (each
    # folder gets its own signing key, and a coordinator enrolls one key per device)
    device, log_id, k = rng.randbytes(16), rng.randbytes(16), rng.randbytes(32)
    sid = survey.id
    where = folder / sid
    where.mkdir(parents=True)
    (folder / "device-id").write_text(device.hex() + "\n")
    shutil.copyfile(source, where / "survey.toml")
    name = f"{device.hex()}-{log_id.hex()}.rrlog"
    (where / "current").write_text(f"{name}\n{records.FORMAT}\n0\n")
    seal = _sealer(list(survey.recipients), rng)
    size = records.record_size(survey)
    head = encode_header(survey_id=sid, device_id=device, log_id=log_id, created="2026-11-23",
                         sealed_first_key=age.encrypt(k, survey.recipients))
    per = 1 + 2 * len(survey.randomized)
    prev, seq, out = head[-32:], 0, [head]
    with open(where / name, "wb") as log:
        for interview in range(1, count // per + 1):
            common = dict(survey=sid, device=device.hex(), log=log_id.hex(), interview=interview, day="2026-11-23",
                          interviewer="bench", version=survey.version)
            texts = [records.Record(position=0, kind="start", **common,
                                    direct={q.id: rng.choice(q.answer_ids) for q in survey.direct})]
            for j, q in enumerate(survey.randomized):
                texts.append(records.Record(position=2 * j + 1, kind="spun", question=q.id, **common))
                texts.append(records.Record(position=2 * j + 2, kind="answer", question=q.id,
                                            answer=rng.choice(q.answer_ids), **common))
            for text in texts:
                frame = encode_frame(seq, seal(records.pad(text, size)), prev, k)
                out.append(frame)
                prev, k, seq = frame[-32:], evolve(k), seq + 1
            if len(out) * 824 > _FLUSH:
                log.write(b"".join(out))
                out = []
        log.write(b"".join(out))
    (where / (name + ".key")).write_bytes(encode_key_file(log_id, seq, k))
    (folder / "done").write_text(f"{seq}\n")
    return folder


def bundle_of(folder: Path) -> Path:
    """The folder exported once by the real export (cached beside it; a signed rrdesk-bundle/2, its
    log header signed by the laptop as a station signs it),
    its laptop enrolled in :data:`LAPTOPS` as a coordinator enrolls field laptops."""
    out = folder.with_name(folder.name + "-bundle3")  # /3: with each log's header signature (FORMAT.md §1.11)
    found = sorted(out.glob("*.tar.age")) if out.exists() else []
    if not found:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        device = bytes.fromhex((folder / "device-id").read_text().strip())  # as a station opening it does:
        sign_own_logs(folder / surveys.load(DEMO).id, device, laptop_key(folder), OsOps())
        found = [bundle.export(folder, surveys.load(DEMO).id, out, same_disk=True)]
    _enroll(folder)
    return found[0]


def _enroll(folder: Path) -> None:
    import datetime as dt

    from rrdesk.app import enrollment

    laptop = enrollment.Laptop((folder / "device-id").read_text().strip(), laptop_key(folder).public())
    listed = enrollment.Laptops.load(LAPTOPS)
    if listed.key_for(laptop.device) is None:
        listed.add(laptop, dt.date.today())
        listed.save()


def records_in(folder: Path) -> int:
    return int((folder / "done").read_text())
