"""A fuzz of save files (issue 9): truncations at every offset of a real save, flipped bytes,
shuffled, duplicated and huge lines, wrong types in every field. Every case ends in the valid
prefix with a notice or a clear one-line refusal; never a traceback; the file never changes.

The short form (CI) truncates at a stride; ``--long`` truncates at every offset."""

from __future__ import annotations

import json
import random

import pytest

from tests.support.play import config, random_step
from weather_tabletop import games
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine import storage
from weather_tabletop.engine.storage import LoadError, SavedGame


@pytest.fixture(scope="module")
def real_save(tmp_path_factory) -> tuple[bytes, list[int]]:
    """A short real Meteo game; the byte offset where each line ends."""
    game = games.get("meteo")
    folder = tmp_path_factory.mktemp("fuzz")
    saved = SavedGame.create(game, config(game, 2, seed=4), folder)
    rng = RandomPlayer(4)
    for _ in range(25):
        random_step(game, saved, rng)
    saved.close()
    data = saved.path.read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == 0x0A]
    return data, ends


def outcome(path) -> tuple[str, int]:
    """("loaded", versions) or ("refused", 0); anything else fails the test."""
    try:
        saved = SavedGame.replay(path)
    except LoadError as exc:
        assert exc.message and "\n" not in exc.message and "Traceback" not in exc.message
        return "refused", 0
    return "loaded", saved.match.version


def test_truncation_at_every_offset_gives_the_valid_prefix(real_save, tmp_path, request):
    data, ends = real_save
    step = 1 if request.config.getoption("--long") else 37
    target = tmp_path / "cut.wtsave"
    for cut in list(range(0, len(data), step)) + [len(data) - 1]:
        target.write_bytes(data[:cut])
        kind, version = outcome(target)
        whole_lines = sum(1 for e in ends if e <= cut)
        if whole_lines < 2:  # the header or the setup is cut: no game to load
            assert kind == "refused", cut
            continue
        assert kind == "loaded", cut
        assert version == whole_lines - 1, cut  # every complete entry, nothing more
        assert target.read_bytes() == data[:cut]


def test_flipped_bytes_are_refused_or_harmless(real_save, tmp_path):
    data, _ = real_save
    rng = random.Random(9)
    target = tmp_path / "flip.wtsave"
    for _ in range(150):
        at = rng.randrange(len(data))
        bad = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
        target.write_bytes(bad)
        kind, _ = outcome(target)
        if kind == "loaded":  # only a flip in the final newline can leave a loadable prefix
            assert at == len(data) - 1
        assert target.read_bytes() == bad


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


def test_shuffled_duplicated_and_huge_lines_are_refused(real_save, tmp_path):
    data, _ = real_save
    lines = _lines(data)
    rng = random.Random(3)
    cases = []
    for _ in range(20):
        body = lines[1:]
        rng.shuffle(body)
        if body != lines[1:]:
            cases.append(_join([lines[0]] + body))
    for i in range(1, len(lines)):
        cases.append(_join(lines[:i + 1] + [lines[i]] + lines[i + 1:]))
    cases.append(_join(lines[:5] + [b"{" + b'"a":"' + b"x" * (storage.MAX_LINE_BYTES + 5) + b'"}']))
    cases.append(_join(lines[:5] + [b"[" * 100_000]))
    target = tmp_path / "case.wtsave"
    for case in cases:
        target.write_bytes(case)
        assert outcome(target)[0] == "refused"
        assert target.read_bytes() == case


WRONG = ["", "x" * 300, -1, 10**30, 3.5, True, None, [], [1, [2]], {}, {"t": "Exec"}]


def test_wrong_types_in_every_field_are_refused(real_save, tmp_path):
    """Each field of each line replaced by values of the wrong type, checksums recomputed so
    only the content is wrong: the load refuses it (or, rarely, the value is still valid)."""
    data, _ = real_save
    bodies = [json.loads(line) for line in _lines(data)]
    for b in bodies:
        b.pop("sum")
    target = tmp_path / "typed.wtsave"
    checked = 0
    for index in (0, 1, 2, len(bodies) - 1):
        for key in list(bodies[index]):
            for wrong in WRONG:
                if type(wrong) is type(bodies[index][key]) and isinstance(wrong, bool):
                    continue  # the other boolean is a valid value, not a wrong type
                changed = [dict(b) for b in bodies]
                changed[index][key] = wrong
                previous, out = "", b""
                for body in changed:
                    line, previous = storage._line(previous, body)
                    out += line
                target.write_bytes(out)
                kind, _ = outcome(target)  # a traceback would fail here
                if key not in ("label", "over", "created", "app") and not (
                        index == 0 and key == "options"):
                    assert kind == "refused", (index, key, wrong)
                checked += 1
    assert checked > 100
