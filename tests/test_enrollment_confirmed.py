"""Enrollment confirmed by key id, and laptops' names (rrdesk/app/enrollment.py, `rrdesk enroll`).

The attack these stop (issue 26, "swapped enrollment file"): the enrollment file on the USB stick
is authenticated by nothing; swapped for an attacker's, `rrdesk enroll FILE -i coordinator.key`
enrolled the attacker's key (exit 0) although the laptop showed another key id, and the genuine
laptop's bundles were then refused while the attacker's were counted. Now `enroll` needs the key
id the laptop shows and refuses a file whose key is not it.
"""
from __future__ import annotations

import json

import pytest

from rrdesk.app import enrollment
from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import DEMO_KEY


def _enrollment(data, stick):
    code, out, err = rrdesk("enrollment", "--data", data, "--to", stick)
    assert code == 0, err
    shown = err.split("key id is ", 1)[1].split(":", 1)[0]  # what the laptop shows, read aloud
    return out.strip(), shown


def _estimates(out):
    found = json.loads(out)
    return [(q["id"], q["n"], q["reported"], q["estimate"]) for q in found["questions"]], found["interviews"]


def test_a_swapped_enrollment_file_is_refused_and_the_genuine_laptop_counts(tmp_path):
    genuine, attacker, stick, usb = (tmp_path / n for n in ("genuine", "attacker", "stick", "usb"))
    stick.mkdir()
    listed = tmp_path / "coordinator.laptops"
    simulate(genuine, 20, 1, "unhappy=0.1")
    simulate(attacker, 20, 2, "unhappy=0.9")
    real_bundle, fake_bundle = export(genuine, usb), export(attacker, usb)
    path, shown = _enrollment(genuine, stick)
    # the attack: the attacker's enrollment file put in the genuine one's place on the stick
    fake_path, _ = _enrollment(attacker, tmp_path)
    (stick / path.rsplit("/", 1)[-1]).write_bytes(open(fake_path, "rb").read())
    code, out, err = rrdesk("enroll", path, "--laptops", listed, "--key-id", shown)
    assert code == 2 and "not the id given" in err and "Write enrollment file" in err, err
    assert err.count("\n") == 1 and not listed.exists()  # nothing enrolled
    # without --key-id: refused, saying where to read it
    code, _, err = rrdesk("enroll", path, "--laptops", listed)
    assert code == 2 and "--key-id" in err and "on the laptop itself" in err and not listed.exists()
    # the genuine file, confirmed by the id its laptop showed, and named
    path, shown = _enrollment(genuine, stick)
    code, out, err = rrdesk("enroll", path, "--laptops", listed, "--key-id", shown, "--name", "Laptop 3, Amina")
    assert code == 0 and "enrolled" in out and "Laptop 3, Amina" in out, err
    device = enrollment.read_enrollment(path).device
    assert enrollment.laptop_names(listed) == {device: "Laptop 3, Amina"}
    # aggregate: the attacker's bundle is a problem and left out; the estimates are the genuine data's
    code, alone, err = rrdesk("aggregate", real_bundle, "-i", DEMO_KEY, "--laptops", listed, "--json",
                              "--ledger", tmp_path / "one.ledger")
    assert code == 0, err
    code, both, err = rrdesk("aggregate", real_bundle, fake_bundle, "-i", DEMO_KEY, "--laptops", listed, "--json",
                             "--ledger", tmp_path / "two.ledger")
    assert code == 1
    assert _estimates(both) == _estimates(alone) and _estimates(alone)[1] == 20
    assert any("not enrolled" in p["what"] for p in json.loads(both)["problems"])


def test_the_list_stays_readable_with_and_without_names(tmp_path):
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    path, shown = _enrollment(data, stick)
    listed = tmp_path / "list"
    assert rrdesk("enroll", path, "--laptops", listed, "--key-id", shown)[0] == 0
    old = listed.read_text()
    assert old.splitlines()[1].count(" ") == 4  # no name: the four fields and the line's check
    assert enrollment.laptop_names(listed) == {}
    # naming a laptop already enrolled sets its name; the key and the day stay
    code, out, err = rrdesk("enroll", path, "--laptops", listed, "--key-id", shown, "--name", " Laptop 3, Amina ")
    assert code == 0 and "already enrolled" in out, err
    line = listed.read_text(encoding="utf-8").splitlines()[1]
    assert line.split(" ")[:4] == old.splitlines()[1].split(" ")[:4] and line.endswith(" Laptop 3, Amina")
    laptops = enrollment.Laptops.load(listed)
    assert [e.name for e in laptops.by_device.values()] == ["Laptop 3, Amina"]
    assert enrollment.enrolled_keys(listed) == {e.laptop.device: e.laptop.key for e in laptops.by_device.values()}
    # a name in any script, kept as UTF-8
    assert rrdesk("enroll", path, "--laptops", listed, "--key-id", shown, "--name", "حاسوب ٣، أمينة")[0] == 0
    assert list(enrollment.laptop_names(listed).values()) == ["حاسوب ٣، أمينة"]


@pytest.mark.parametrize("name", ["", "a" * 65, "bell\a", "evil\u202eexe", "two\nlines", "zero\u200bwidth"])
def test_a_name_that_is_not_printable_or_too_long_is_refused(tmp_path, name):
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    path, shown = _enrollment(data, stick)
    listed = tmp_path / "list"
    code, _, err = rrdesk("enroll", path, "--laptops", listed, "--key-id", shown, "--name", name)
    if name == "":
        assert code == 0  # no name given
        return
    assert code == 2 and "--name" in err and err.count("\n") == 1 and not listed.exists(), err


def test_a_name_names_one_laptop(tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    one, first = _enrollment(tmp_path / "a", stick)
    two, second = _enrollment(tmp_path / "b", stick)
    code, _, err = rrdesk("enroll", one, two, "--laptops", tmp_path / "list", "--key-id", first,
                          "--key-id", second, "--name", "Laptop 1")
    assert code == 2 and "names one laptop" in err
    code, out, _ = rrdesk("enroll", one, two, "--laptops", tmp_path / "list", "--key-id", first, "--key-id", second)
    assert code == 0 and out.count("enrolled") == 2
