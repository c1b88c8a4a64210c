"""`rrdesk enrollment` and `rrdesk trust` (on a laptop), `rrdesk enroll` (the coordinator):
:mod:`rrdesk.app.enrollment`, :mod:`rrdesk.app.trust`."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rrdesk.cli.common import EXIT_OK


def add_parsers(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("enrollment", help="on a laptop: write its enrollment file (e.g. to a USB stick)",
                       description="Write this laptop's enrollment file (its public signing key and device id) "
                                   "into DEST, for the coordinator's `rrdesk enroll`; print it and the key id "
                                   "to read to the coordinator. The laptop's key is made on first use.")
    e.add_argument("--data", metavar="DIR", type=Path, required=True, help="the data folder")
    e.add_argument("--to", metavar="DEST", type=Path, required=True, help="the folder to write the file in")
    e.add_argument("--start-over", action="store_true",
                   help="only when this laptop's signing key or device id is lost beside its logs: move the data "
                        "folder aside (never deleted), make a new one with a new key, and write its file")
    e.set_defaults(run=_enrollment)

    r = sub.add_parser("enroll", help="the coordinator: add laptops' enrollment files to the enrolled list",
                       description="Add each laptop's enrollment file to the list of enrolled laptops "
                                   "(IDENTITY's name with .laptops, beside it, or --laptops), once its key id is "
                                   "confirmed: --key-id is the id the laptop itself shows (File ▸ Write enrollment "
                                   "file…, or what rrdesk enrollment printed), never one read from the stick. A "
                                   "file whose key is not one of the ids given is refused and nothing is enrolled.")
    r.add_argument("files", metavar="FILE", type=Path, nargs="+", help="rrdesk-laptop-….pub files")
    r.add_argument("-i", "--identity", metavar="IDENTITY", type=Path,
                   help="the coordinator's identity file (the list is kept beside it)")
    r.add_argument("--laptops", metavar="LIST", type=Path, help="the list of enrolled laptops, instead")
    r.add_argument("--key-id", metavar="XXXX-XXXX-XXXX-XXXX", action="append",
                   help="the key id the laptop shows (required; once per file)")
    r.add_argument("--name", metavar="NAME", default="",
                   help='a name for the laptop, used wherever it is named (e.g. "Laptop 3, Amina"; one file)')
    r.set_defaults(run=_enroll)

    t = sub.add_parser("trust", help="on a laptop: install (or show) the coordinator's signing key it trusts",
                       description="Install the coordinator's public signing key laptop-wide, in the data folder "
                                   "(DATA/coordinator.trust): from the coordinator's NAME.minisign.pub or a survey "
                                   "file signed by it. Give its key id as the coordinator read it to you: without "
                                   "it, or with another, nothing is installed. Once a key is trusted, surveys signed "
                                   "by another key are refused and unsigned ones are for practice only. Replacing "
                                   "the trusted key (the coordinator lost theirs) needs --replace, and the next "
                                   "export tells the coordinator. Without KEY: show the key trusted and its history.")
    t.add_argument("key", metavar="KEY", type=Path, nargs="?",
                   help="the coordinator's NAME.minisign.pub, or a survey file with its .minisig beside it")
    t.add_argument("--data", metavar="DIR", type=Path, required=True, help="the data folder")
    t.add_argument("--key-id", metavar="XXXX-XXXX-XXXX-XXXX", help="the key id the coordinator gave you")
    t.add_argument("--replace", action="store_true", help="replace the key trusted now (deliberate; recorded)")
    t.set_defaults(run=_trust)


def _enrollment(args: argparse.Namespace) -> int:
    from rrdesk.app import enrollment
    if args.start_over:
        path, laptop, aside = enrollment.start_over(args.data, args.to)
        print(f"rrdesk: the old data folder was moved aside to {aside}; this laptop starts over with a new key "
              "(the coordinator enrolls it again)", file=sys.stderr)
    else:
        path, laptop = enrollment.write_enrollment(args.data, args.to)
    print(path)
    print(f"rrdesk: this laptop's key id is {laptop.code}: read it to the coordinator", file=sys.stderr)
    return EXIT_OK


def _enroll(args: argparse.Namespace) -> int:
    from rrdesk.app import enrollment
    from rrdesk.core.errors import InputError
    if (args.identity is None) == (args.laptops is None):
        raise InputError("command line", "", "give either -i IDENTITY or --laptops LIST")
    listed = args.laptops or enrollment.laptops_path(args.identity)
    for laptop, new in enrollment.enroll(args.files, listed, key_ids=args.key_id, name=args.name):
        state = "enrolled" if new else "already enrolled"
        print(f"{laptop.device[:8]}  key id {laptop.code}  {state}" + (f"  {args.name.strip()}" if args.name else ""))
    print(f"rrdesk: the list is {listed}", file=sys.stderr)
    return EXIT_OK


def _trust(args: argparse.Namespace) -> int:
    from rrdesk.app import trust
    from rrdesk.core.errors import InputError
    if args.key is None:
        if args.key_id is not None or args.replace:
            raise InputError("command line", "", "--key-id and --replace need KEY, the coordinator's key file")
        known = trust.current_key(args.data)
        if known is None:
            print("rrdesk: this laptop trusts no coordinator key yet", file=sys.stderr)
            return EXIT_OK
        for event in known.events:
            print(f"{event.day or '(missing file)'}  {event.how:<10}  {trust.key_code(event.key.fingerprint)}")
        print(f"rrdesk: this laptop trusts the coordinator's key {known.code}", file=sys.stderr)
        return EXIT_OK
    known, changed = trust.install_from(args.data, args.key, args.key_id, replace=args.replace)
    print(known.code)
    said = ("replaced: the next export tells the coordinator" if changed and known.events[-1].how == "replaced"
            else "installed" if changed else "already trusted")
    print(f"rrdesk: this laptop trusts the coordinator's key {known.code} ({said})", file=sys.stderr)
    return EXIT_OK
