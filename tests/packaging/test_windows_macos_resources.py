"""What the Windows and macOS programs carry besides the code (issue 19): the .ico and .icns
icons drawn from art/icon.svg, and the Windows manifest's per-monitor DPI awareness."""

from __future__ import annotations

import io
import struct
import sys
import xml.dom.minidom
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
try:
    import icons
finally:
    sys.path.pop(0)

PNG = b"\x89PNG\r\n\x1a\n"


def picture(data: bytes) -> pygame.Surface:
    assert data.startswith(PNG)
    return pygame.image.load(io.BytesIO(data), "icon.png")


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    return icons.write_all(tmp_path_factory.mktemp("icons"))


def test_ico_holds_every_windows_size_as_png(written):
    data = written[0].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    for n, size in enumerate(icons.ICO_SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * n)
        assert (width or 256, height or 256, planes, bits) == (size, size, 1, 32)
        assert picture(data[offset:offset + length]).get_size() == (size, size)


def test_icns_holds_every_macos_size_as_png(written):
    data = written[1].read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = picture(data[at + 8:at + length]).get_size()
        at += length
    assert at == len(data)
    assert found == {kind: (size, size) for size, kind in icons.ICNS_TYPES.items()}


def test_the_icon_is_the_apps_art_not_a_blank(written):
    shown = picture(icons.png(64))
    colours = {shown.get_at((x, y))[:3] for x in range(0, 64, 4) for y in range(0, 64, 4)}
    assert len(colours) > 3


def test_windows_manifest_asks_for_per_monitor_dpi_awareness():
    text = (ROOT / "packaging" / "windows" / "weather-tabletop.manifest").read_text(encoding="utf-8")
    dom = xml.dom.minidom.parseString(text)
    awareness = dom.getElementsByTagName("dpiAwareness")[0].firstChild.data
    assert awareness.split(",")[0].strip() == "PerMonitorV2"
    assert dom.getElementsByTagName("dpiAware")[0].firstChild.data == "true/pm"
    level = dom.getElementsByTagName("requestedExecutionLevel")[0]
    assert level.getAttribute("level") == "asInvoker"  # never asks for administrator rights
    winmanifest = pytest.importorskip("PyInstaller.utils.win32.winmanifest")
    assert b"PerMonitorV2" in winmanifest.create_application_manifest(text.encode("utf-8"))
