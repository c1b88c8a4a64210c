"""One exception tree, and the same words for the same failure from the command line and the GUI."""
from __future__ import annotations

import contextlib
import errno
import importlib
import inspect
import io
import os
import pickle
import pkgutil

import pytest

import rrdesk
from rrdesk import cli
from rrdesk.core import errors
from rrdesk.core.fileio import OsOps
from rrdesk.core.problems import Problem
from tests.conftest import DEMO, open_window

PREFIX = "rrdesk: error: "
# parse errors that never leave the parser that raises them (errors.py says so)
PRIVATE = {"rrdesk.core.bech32.Bech32Error", "rrdesk.store.age._format.Malformed",
           # the export's stream signals a log cut while read (start over) and a read failure;
           # bundle.export turns both into StoreError before anything leaves it
           "rrdesk.store.bundle._write.Changed", "rrdesk.store.bundle._write.Unreadable",
           # a relevant condition's mistake; the survey rules turn it into a located SurveyError
           "rrdesk.core.survey._relevant.ConditionError",
           # an XLSForm row left out for a problem already reported, and the cap on problems:
           # both caught inside the import (app/xlsform/_cells.Built.part, _import.build)
           "rrdesk.app.xlsform._cells.Quiet", "rrdesk.app.xlsform._cells.TooMany"}


def rrdesk_cli(*argv: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def gui_line(qtbot, data, settings) -> str:
    """What the dashboard says when the demo survey's store cannot be opened in ``data``."""
    window = open_window(qtbot, data, settings)
    try:
        status = window.dashboard.status
        assert window.station is None and status.property("role") == "error"
        heading = "The data folder cannot be used: "
        shown = status.text().replace("\u200b", "")  # the zero-width spaces that let a path wrap
        assert shown.startswith(heading)
        return shown[len(heading):]
    finally:
        window.close()


def test_a_file_where_the_survey_folder_belongs_is_one_located_line(tmp_path):
    data = tmp_path / "D"
    data.mkdir()
    (data / "workplace-demo").write_text("not a folder")
    code, out, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert (code, out) == (2, "")
    assert err == f"{PREFIX}{data / 'workplace-demo'}: cannot be created: File exists\n"


def test_the_gui_says_the_same_words_as_the_command_line_for_a_file_in_the_way(qtbot, tmp_path, settings):
    data = tmp_path / "D"
    data.mkdir()
    (data / "workplace-demo").write_text("not a folder")
    _, _, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert gui_line(qtbot, data, settings) == err.removeprefix(PREFIX).rstrip("\n")


def test_the_gui_says_the_same_words_as_the_command_line_for_a_full_disk(qtbot, tmp_path, settings, monkeypatch):
    def full(self, fd, view):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(OsOps, "write", full)
    data = tmp_path / "D"
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err == f"{PREFIX}{data / 'device-id'}: could not be written: No space left on device\n"
    assert gui_line(qtbot, data, settings) == err.removeprefix(PREFIX).rstrip("\n")


def test_a_folder_in_place_of_the_log_pointer_is_one_located_line(tmp_path):
    data = tmp_path / "D"
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)[0] == 0
    pointer = data / "workplace-demo" / "current"
    pointer.unlink()
    pointer.mkdir()
    code, out, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert (code, out) == (2, "")
    assert err == f"{PREFIX}{pointer}: cannot be read: Is a directory\n"


def test_a_damaged_log_pointer_is_rebuilt_instead_of_an_internal_error(tmp_path):
    data = tmp_path / "D"
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)[0] == 0
    (data / "workplace-demo" / "current").write_bytes(b"\xff\xfe not a log name")
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert (code, err) == (0, "")
    assert len(list((data / "workplace-demo").glob("*.rrlog"))) == 1  # the log went on


def test_a_bug_is_named_by_its_type_only_never_its_text():
    secret = ValueError("the respondent said YES")
    assert errors.describe(secret) == "internal error (ValueError)"


def _modules():
    for info in pkgutil.walk_packages(rrdesk.__path__, "rrdesk."):
        yield importlib.import_module(info.name)  # the GUI too: importing Qt needs no display


def test_every_exception_class_is_defined_in_the_one_tree():
    stray = sorted(f"{m.__name__}.{name}" for m in _modules()
                   for name, obj in vars(m).items()
                   if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == m.__name__
                   and m.__name__ != "rrdesk.core.errors")
    assert stray == sorted(PRIVATE)


@pytest.mark.parametrize("kind", [errors.InputError, errors.SurveyError, errors.BundleError, errors.StoreError,
                                  errors.LogLocked, errors.IdentityFileError])
def test_every_located_error_reads_file_where_what(kind):
    assert issubclass(kind, errors.LocatedError) and issubclass(kind, errors.RRDeskError)
    assert str(kind("f.toml", "line 3", "wrong")) == "f.toml: line 3: wrong"
    assert str(kind("f.toml", "", "wrong")) == "f.toml: wrong"


def test_a_damaged_log_reads_as_its_first_problem_file_where_what():
    damaged = errors.LogDamaged([Problem("a.rrlog", 7, "chain broken"), Problem("a.rrlog.key", None, "missing")])
    assert isinstance(damaged, errors.LocatedError) and len(damaged.problems) == 2
    assert str(damaged) == "a.rrlog: record 7: chain broken (and 1 more)"
    assert str(errors.LogDamaged([Problem("a.rrlog.key", None, "missing")])) == "a.rrlog.key: missing"


def _one_of_each() -> list[errors.RRDeskError]:
    """An instance of every class of the tree, made as rrdesk makes it."""
    made: list[errors.RRDeskError] = []
    for name in errors.__all__:
        kind = getattr(errors, name)
        if not (inspect.isclass(kind) and issubclass(kind, errors.RRDeskError)):
            continue
        if kind is errors.SurveyProblems:
            made.append(kind([errors.SurveyError("s.toml", "line 2", "bad"), errors.SurveyError("s.toml", "", "worse")]))
        elif kind is errors.LogDamaged:
            made.append(kind([Problem("a.rrlog", 7, "chain broken"), Problem("a.rrlog.key", None, "missing")]))
        elif issubclass(kind, errors.LocatedError):
            made.append(kind("f.rrlog", "record 3", "could not be saved"))
        else:
            made.append(kind("what went wrong"))
    return made


def test_every_error_comes_back_as_itself_from_a_worker_process():
    """An error raised in a worker (collect's, export's) is pickled to the parent: it must come
    back as its own class with its own words, or the parent's pool breaks (concurrent.futures)
    or waits for ever (multiprocessing.Pool's result thread dies on the unpickling)."""
    made = _one_of_each()
    assert len(made) >= 20
    for error in made:
        back = pickle.loads(pickle.dumps(error))
        assert _seen(back) == _seen(error), error


def _seen(value: object) -> object:
    """What a person or a caller can tell of ``value`` (exceptions compare by identity)."""
    if isinstance(value, BaseException):
        return type(value), str(value), {k: _seen(v) for k, v in vars(value).items()}
    if isinstance(value, (tuple, list)):
        return [_seen(v) for v in value]
    return value


@pytest.mark.parametrize("name", ["survey.toml", "current"])
def test_the_gui_says_the_same_words_for_a_full_disk_while_setting_up_a_survey(qtbot, tmp_path, settings,
                                                                             monkeypatch, name):
    real_open = OsOps.open

    def full_at(self, path, flags, mode=0o600):
        if os.path.basename(path).startswith(name + "."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(self, path, flags, mode)

    monkeypatch.setattr(OsOps, "open", full_at)
    data = tmp_path / "D"
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert (code, err) == (2, f"{PREFIX}{data / 'workplace-demo' / name}: could not be written: "
                              "No space left on device\n")
    assert gui_line(qtbot, data, settings) == err.removeprefix(PREFIX).rstrip("\n")


def test_the_gui_goes_on_after_a_garbage_pointer_and_offers_the_interrupted_interview(qtbot, tmp_path, settings):
    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys

    demo, data = surveys.load(DEMO), tmp_path / "D"
    with Station(demo, data) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        interview.spin(demo.randomized[0].id, 1)
    (data / demo.id / "current").write_bytes(b"\xff\xfe\n")
    window = open_window(qtbot, data, settings)
    try:
        assert window.station is not None
        stopped = window.station.interrupted()
        assert stopped is not None and (stopped.number, stopped.spun_unanswered) == (1, demo.randomized[0].id)
    finally:
        window.close()
