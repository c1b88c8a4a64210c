"""`rrdesk enrollment` (on a laptop) and `rrdesk enroll` (the coordinator): :mod:`rrdesk.app.enrollment`."""
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
    e.set_defaults(run=_enrollment)

    r = sub.add_parser("enroll", help="the coordinator: add laptops' enrollment files to the enrolled list",
                       description="Add each laptop's enrollment file to the list of enrolled laptops "
                                   "(IDENTITY's name with .laptops, beside it, or --laptops). Compare each key "
                                   "id printed with the one the laptop shows.")
    r.add_argument("files", metavar="FILE", type=Path, nargs="+", help="rrdesk-laptop-….pub files")
    r.add_argument("-i", "--identity", metavar="IDENTITY", type=Path,
                   help="the coordinator's identity file (the list is kept beside it)")
    r.add_argument("--laptops", metavar="LIST", type=Path, help="the list of enrolled laptops, instead")
    r.set_defaults(run=_enroll)


def _enrollment(args: argparse.Namespace) -> int:
    from rrdesk.app import enrollment
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
    for laptop, new in enrollment.enroll(args.files, listed):
        state = "enrolled" if new else "already enrolled"
        print(f"{laptop.device[:8]}  key id {laptop.code}  {state}")
    print(f"rrdesk: the list is {listed}", file=sys.stderr)
    return EXIT_OK
