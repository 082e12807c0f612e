"""Which ``Host`` headers a class server answers (:class:`HostCheck`, DNS rebinding): a page of
evil.example whose name is pointed at 127.0.0.1 sends ``Host: evil.example``; a student who opened
the server's own address sends that address. As Jupyter Server's ``check_host``: loopback
addresses and the names given; here also the ``--ip``, the host of ``--public-url`` and
``--allow-host``."""
from __future__ import annotations

import pytest

from catcards.classroom.server import ClassServerError, HostCheck, check_host_name, host_of


def test_host_of_drops_the_port_and_an_ipv6_addresss_brackets():
    assert [host_of(h) for h in ("localhost:8867", "[::1]:8867", "[::1]", "Evil.Example", "127.0.0.1")] == [
        "localhost", "::1", "::1", "evil.example", "127.0.0.1"]


def test_this_computer_only_answers_its_loopback_names_and_no_other():
    check = HostCheck("127.0.0.1", "http://127.0.0.1:8867/")
    assert all(check.allows(h) for h in ("127.0.0.1:8867", "localhost:8867", "LOCALHOST", "[::1]:8867",
                                         "127.0.0.2:8867", "127.0.0.1"))
    assert not any(check.allows(h) for h in ("evil.example:8867", "evil.example", "localhost.evil.example",
                                             "192.168.1.20:8867", "127.0.0.1.nip.io", "", "[::1"))
    said = check.refusal("evil.example:8867")
    assert "does not answer to the host 'evil.example'" in said and "--allow-host NAME" in said
    assert "localhost, 127.0.0.1, ::1" in said


@pytest.mark.parametrize("ip, public, allowed, names", [
    ("127.0.0.1", "http://127.0.0.1:8867/", (), "localhost, 127.0.0.1, ::1"),
    ("::1", "http://localhost:8867/", ("LOCALHOST", "127.0.0.1"), "localhost, 127.0.0.1, ::1"),
    ("192.168.1.20", "http://127.0.0.1:8867/", ("laptop.local",), "192.168.1.20, laptop.local, localhost, 127.0.0.1, ::1"),
])
def test_the_refusal_names_each_host_once(ip, public, allowed, names):
    """Hostile tester server62b, 3: the refusal of a wrong ``Host`` said "it answers to 127.0.0.1,
    localhost, 127.0.0.1, ::1" (the ``--ip``, then the names every server answers to): each once."""
    said = HostCheck(ip, public, allowed).refusal("evil.example")
    assert f"it answers to {names}. To serve" in said, said


def test_every_network_answers_any_ip_address_but_only_the_names_given():
    check = HostCheck("::", "http://192.168.1.20:8867/", ["Teacher-Laptop.local"])
    assert all(check.allows(h) for h in ("192.168.1.20:8867", "10.0.0.7:8867", "[fe80::1]:8867",
                                         "teacher-laptop.local:8867", "localhost:8867"))
    assert not any(check.allows(h) for h in ("evil.example:8867", "teacher-laptop.local.evil.example"))
    assert "this computer's IP addresses" in check.refusal("evil.example")


def test_every_ipv4_network_answers_any_ipv4_address_as_it_listens_on_no_ipv6_one():
    """``--ip 0.0.0.0`` listens on the computer's IPv4 addresses only (an IPv6 one is refused a
    connection): its check takes any IPv4 address, IPv6 loopback, and no other IPv6 address."""
    check = HostCheck("0.0.0.0", "http://192.168.1.20:8867/")
    assert all(check.allows(h) for h in ("192.168.1.20:8867", "10.0.0.7:8867", "[::1]:8867", "localhost"))
    assert not any(check.allows(h) for h in ("[fe80::1]:8867", "[fd00::2]", "evil.example"))
    assert "this computer's IPv4 addresses" in check.refusal("evil.example")


def test_one_network_address_answers_it_and_the_public_urls_host():
    check = HostCheck("192.168.1.20", "https://classes.myschool.org/")
    assert all(check.allows(h) for h in ("192.168.1.20:8867", "classes.myschool.org", "127.0.0.1:8867"))
    assert not any(check.allows(h) for h in ("10.0.0.7:8867", "myschool.org", "evil.example"))


def test_a_hub_service_answers_the_hubs_name():
    """``catcards class --public-url https://hub.example.org/services/catcards-class/`` behind a
    JupyterHub's proxy (which passes the browser's Host on), listening on 127.0.0.1."""
    check = HostCheck("127.0.0.1", "https://hub.example.org/services/catcards-class/")
    assert check.allows("hub.example.org") and check.allows("hub.example.org:443") and check.allows("127.0.0.1:8867")
    assert not check.allows("evil.example")


def test_allow_host_takes_a_name_or_an_ip_address_only():
    assert [check_host_name(n) for n in ("Teacher-Laptop.local", "classes.myschool.org.", "[::1]", "10.0.0.7")] == [
        "teacher-laptop.local", "classes.myschool.org", "::1", "10.0.0.7"]
    for bad in ("http://evil.example/", "evil.example:80", "*", "", "two words", "a/b", "-x.org", "a" * 64 + ".org"):
        with pytest.raises(ClassServerError, match="is not a host name"):
            check_host_name(bad)


def test_a_fully_qualified_name_with_its_trailing_dot_is_the_same_host():
    """A hostile tester (classsmall): ``Host: localhost.`` (a browser sends it as typed,
    ``http://localhost.:8867/``) was refused while ``--allow-host name.`` was taken. The
    trailing dot is dropped once, in the header and in the names given alike; only one."""
    check = HostCheck("127.0.0.1", "https://Hub.Example.org./services/catcards-class/",
                      [check_host_name("teacher-laptop.local."), check_host_name("Classes.MySchool.org")])
    assert check.names == {"localhost", "127.0.0.1", "hub.example.org", "teacher-laptop.local", "classes.myschool.org"}
    assert all(check.allows(h) for h in ("localhost.:8867", "LOCALHOST.", "hub.example.org.:443", "hub.example.org",
                                         "teacher-laptop.local.:8867", "teacher-laptop.local",
                                         "classes.myschool.org.:8867", "127.0.0.1.:8867"))
    assert not any(check.allows(h) for h in ("localhost..:8867", "evil.example.:8867", ".:8867", "localhost.evil.",
                                             "teacher-laptop.local..", "10.0.0.7.:8867"))
    assert "does not answer to the host 'evil.example.'" in check.refusal("evil.example.:8867")
    assert check_host_name("localhost.") == "localhost" and check_host_name("10.0.0.7.") == "10.0.0.7"
    with pytest.raises(ClassServerError, match="is not a host name"):
        check_host_name("localhost..")
