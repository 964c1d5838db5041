"""A new file written under the first free name (``game.files.write_to_free_name``): a
damaged row's copy kept aside (``keep_aside``) and a tournament's export beside an earlier
one (``write_free``) never replace a file, even one that appears at the same moment,
and never leave their temporary file behind."""

from __future__ import annotations

import errno
import os
import time

import pytest

from game.files import FileProblem, keep_aside
from game.tournament.errors import StoreError
from game.tournament.files import write_free

NOW = 1_700_000_000
STAMP = time.strftime("%Y%m%d-%H%M%S", time.localtime(NOW))


def kept_aside(folder, data):
    return keep_aside(folder / "board-4.json", data, now=NOW)


def written_free(folder, data):
    return write_free(folder / "cup.csv", data)


#: Each writer, and the first two names it tries.
WRITERS = {
    "keep_aside": (kept_aside, f"board-4.damaged-{STAMP}.json",
                   f"board-4.damaged-{STAMP}-2.json"),
    "write_free": (written_free, "cup.csv", "cup (2).csv"),
}


def on_disk(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("writer", WRITERS)
def test_two_writers_racing_for_a_free_name_both_keep_their_file(tmp_path, monkeypatch, writer):
    write, first, second = WRITERS[writer]
    real_link = os.link
    raced = []

    def link(source, target):
        if not raced:       # the other writer takes the name as this one comes to take it
            raced.append(target)
            (tmp_path / first).write_bytes(b"theirs")
        return real_link(source, target)

    monkeypatch.setattr(os, "link", link)
    assert write(tmp_path, b"ours") == tmp_path / second
    assert raced == [tmp_path / first]
    assert on_disk(tmp_path) == {first: b"theirs", second: b"ours"}


@pytest.mark.parametrize("writer", WRITERS)
def test_without_hard_links_the_file_is_renamed_to_a_free_name(tmp_path, monkeypatch, writer):
    write, first, second = WRITERS[writer]
    (tmp_path / first).write_bytes(b"earlier")

    def no_links(source, target):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", no_links)
    assert write(tmp_path, b"new") == tmp_path / second
    assert on_disk(tmp_path) == {first: b"earlier", second: b"new"}


def test_a_link_refused_for_another_reason_is_an_export_error_but_a_kept_copy_renames(
        tmp_path, monkeypatch):
    def refused(source, target):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "link", refused)
    with pytest.raises(StoreError, match=r"could not write .*cup\.csv: Permission denied"):
        written_free(tmp_path, b"new")
    assert on_disk(tmp_path) == {}          # nothing written, no temporary left
    # a damaged row's copy is kept whatever the link says, as long as a rename can keep it
    assert kept_aside(tmp_path, b"row") == tmp_path / WRITERS["keep_aside"][1]
    assert on_disk(tmp_path) == {WRITERS["keep_aside"][1]: b"row"}


@pytest.mark.parametrize("writer, problem, words", [
    ("keep_aside", FileProblem, "could not keep a copy in"),
    ("write_free", StoreError, "could not write"),
])
def test_a_failed_write_leaves_no_file_and_says_why(tmp_path, monkeypatch, writer, problem,
                                                     words):
    def failing_fsync(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(problem, match=f"{words}.*Input/output error"):
        WRITERS[writer][0](tmp_path, b"new")
    assert on_disk(tmp_path) == {}
