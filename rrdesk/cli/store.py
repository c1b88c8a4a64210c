"""The custody commands: `keygen`, `sign`, `export`, `verify`, `extract` (the work: :mod:`rrdesk.app.custody`)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rrdesk.cli.common import EXIT_BAD_INPUT, EXIT_OK, EXIT_PROBLEMS
from rrdesk.core.errors import describe


def add_parsers(sub: argparse._SubParsersAction) -> None:
    k = sub.add_parser("keygen", help="make the coordinator's keys: an age identity and a signing key; print the recipient",
                       description="Make the coordinator's key pair: the identity file (secret: keep it off "
                                   "field laptops) and its recipient (age1…, public: put it in the survey's "
                                   "recipients). Compatible with age-keygen (--post-quantum: age-keygen -pq).")
    k.add_argument("-o", "--output", metavar="IDENTITY", type=Path, required=True,
                   help="the identity file to create (never overwritten)")
    k.add_argument("--post-quantum", "--pq", action="store_true",
                   help="make a post-quantum hybrid identity (ML-KEM-768 + X25519, like age-keygen -pq; "
                        "recipient age1pq1…, opened by age 1.3 or later): records sealed only to such "
                        "recipients stay sealed against a future quantum computer; each record is about "
                        "1.5 KB larger")
    k.set_defaults(run=_keygen)

    g = sub.add_parser("sign", help="sign a survey file with the coordinator's signing key (SURVEY.minisig)",
                       description="Check the survey, then write SURVEY.minisig beside it (minisign's format: "
                                   "minisign -Vm SURVEY -P KEY checks it too). A laptop records only for the "
                                   "signer it first saw for the survey id; give laptops both files.")
    g.add_argument("survey", metavar="SURVEY", type=Path, help="the survey file (TOML)")
    g.add_argument("-k", "--key", metavar="KEY", type=Path, required=True,
                   help="the identity file made by rrdesk keygen (its signing key beside it is used), "
                        "or the .minisign.key itself")
    g.set_defaults(run=_sign)

    e = sub.add_parser("export", help="write a verified export bundle (e.g. to a USB stick); print its path",
                       description="Write one bundle file with every record of a survey on this laptop, "
                                   "sealed to the survey's recipients: written, fsynced, read back and "
                                   "compared before it gets its final name, then checked to be on the device "
                                   "chosen (a stick pulled out or unmounted is a failure). Local data is never "
                                   "changed, so a laptop whose disk is full can still export. A folder on the "
                                   "data folder's own disk is refused unless --same-disk.")
    e.add_argument("--data", metavar="DIR", type=Path, required=True, help="the data folder")
    e.add_argument("--survey-id", metavar="ID", required=True, help="the survey to export")
    e.add_argument("--to", metavar="DEST", type=Path, required=True, help="the folder to write the bundle in")
    e.add_argument("--same-disk", action="store_true",
                   help="allow a folder on the data folder's own disk (a copy there is lost with the laptop)")
    e.set_defaults(run=_export)

    v = sub.add_parser("verify", help="check data folders, logs or bundles; exit 1 when anything is damaged",
                       description="Check framing, sequence and chain of every record; with -i also decrypt "
                                   "every record and check the forward-secure tags. A folder holding bundles "
                                   "stands for every *.tar.age directly in it (sorted; unfinished .part exports "
                                   "are mentioned and skipped). Exit 2 if a path could not be read at all, else "
                                   "1 if anything is damaged, else 0.")
    v.add_argument("paths", metavar="PATH", type=Path, nargs="+",
                   help="data folders, .rrlog logs, .tar.age bundles or folders of bundles")
    v.add_argument("-i", "--identity", metavar="IDENTITY", type=Path, action="append",
                   help="the coordinator's identity file (repeat it for several; every key in each is tried)")
    v.add_argument("--laptops", metavar="FILE", type=Path,
                   help="the enrolled laptops a bundle's signature is checked against (default: the list "
                        "beside the (first) identity, IDENTITY.laptops, that rrdesk enroll writes)")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.set_defaults(run=_verify)

    x = sub.add_parser("extract", help="write every record as its own .age file (for the age tool)",
                       description="Write each intact record as its own age file, which `age -d -i KEY FILE` "
                                   "opens. A bundle needs -i to be opened.")
    x.add_argument("path", metavar="PATH", type=Path, help="a data folder, a .rrlog log or a .tar.age bundle")
    x.add_argument("--to", metavar="DIR", type=Path, required=True, help="the folder to write into")
    x.add_argument("-i", "--identity", metavar="IDENTITY", type=Path, action="append",
                   help="needed for a bundle (repeat it for several identity files)")
    x.set_defaults(run=_extract)


def _keygen(args: argparse.Namespace) -> int:
    from rrdesk.app import custody  # why: loaded by the custody commands only

    made = custody.keygen(args.output, post_quantum=args.post_quantum)
    print(made.recipient)  # stdout: the recipient alone, for scripts
    if made.note:
        print(f"rrdesk: {made.note}", file=sys.stderr)
    for line in (f"identity (opens every record; keep it off field laptops): {made.identity}",
                 f"signing key (signs surveys): {made.signing_key}, key id {made.fingerprint}",
                 f"its public half (laptops pin it; give its key id to interviewers): {made.signing_public}",
                 custody.BACKUP_ADVICE):
        print(f"rrdesk: {line}", file=sys.stderr)
    return EXIT_OK


def _sign(args: argparse.Namespace) -> int:
    from rrdesk.app import custody  # why: loaded by the custody commands only

    out, fingerprint = custody.sign(args.survey, args.key)
    print(out)
    print(f"rrdesk: signed with key {fingerprint}; give laptops both files", file=sys.stderr)
    return EXIT_OK


def _export(args: argparse.Namespace) -> int:
    from rrdesk.app import custody  # why: loaded by the custody commands only

    left_out: dict[str, str] = {}
    path = custody.export(args.data, args.survey_id, args.to, same_disk=args.same_disk, left_out=left_out)
    for name, why in sorted(left_out.items()):  # one line each, as verify names what it cannot read
        print(f"rrdesk: warning: {name}: left out of the bundle: {why}", file=sys.stderr)
    print(path)  # stdout: the path alone, for scripts
    print(f"rrdesk: exported, read back and checked on {custody.where(path)}", file=sys.stderr)
    return EXIT_OK


def _verify(args: argparse.Namespace) -> int:
    from rrdesk.app import custody  # why: loaded by the custody commands only

    found = custody.verify_all(args.paths, args.identity, args.laptops)
    report = found.report
    for path in found.unfinished:
        print(f"rrdesk: skipped {path}: an unfinished export (.part), not a bundle", file=sys.stderr)
    for error in found.unusable:
        print(f"rrdesk: error: {describe(error)}", file=sys.stderr)
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    elif report.files or report.problems or not found.unusable:
        for problem in report.problems:
            print(problem if problem.warning else f"damaged: {problem}")
        checked = "framing, sequence, chain" + (", tags and every record decrypted" if args.identity else "")
        warned = f", {len(report.warnings)} warning(s)" if report.warnings else ""
        print(f"{report.records} intact records in {report.files} file(s) ({checked}); "
              f"{len(report.damage)} problem(s){warned}")
    return EXIT_BAD_INPUT if found.unusable else EXIT_OK if report.ok else EXIT_PROBLEMS


def _extract(args: argparse.Namespace) -> int:
    from rrdesk.app import custody  # why: loaded by the custody commands only

    written = custody.extract(args.path, args.to, args.identity)
    print(f"{len(written)} records written to {args.to}")
    return EXIT_OK
