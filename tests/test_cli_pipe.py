"""`rrdesk check SURVEY | head -1`: the reader leaving early is not an error."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parents[1] / "resources" / "surveys" / "demo.toml"


def test_a_reader_that_stops_early_is_no_error():
    rrdesk = subprocess.Popen([sys.executable, "-c", "import sys; from rrdesk.cli import main; sys.exit(main())",
                               "check", str(DEMO)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    rrdesk.stdout.close()  # as `head` does once it has its line: every write now meets a broken pipe
    err = rrdesk.stderr.read()
    assert rrdesk.wait(timeout=60) == 0
    assert err == b""


def test_a_reader_gone_before_a_short_output_is_flushed_is_no_error():
    """A short output stays in the buffer until the end: the flush must meet the broken pipe
    inside the command (exit 0), not in the interpreter's flush at exit (exit 120)."""
    rrdesk = subprocess.Popen([sys.executable, "-c", "import sys; from rrdesk.cli import main; sys.exit(main())",
                               "--version"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    rrdesk.stdout.close()
    err = rrdesk.stderr.read()
    assert rrdesk.wait(timeout=60) == 0
    assert err == b""
