"""Regenerate the Traditional Chinese font subset shipped in ``art/fonts/``.

The app draws Traditional Chinese (zh-TW) with Noto Sans CJK TC (SIL Open Font Licence 1.1),
cut down with fontTools to the characters it needs, so that the one-file executable stays small
(the full face is 16 MB a weight; the subset is about 8 MB):

* every character of every ``zh-TW`` and ``en`` catalogue (the app's and each game's) and of
  the games' zh-TW guides, so each sentence a player reads is in the font;
* all 13,053 characters of Big5: the 5,401 "frequently used" (level 1, 0xA440-0xC67E), the set
  Taiwan's Ministry of Education common-character list (4,808 characters) grew into, and the
  7,652 "less frequently used" (level 2, 0xC940-0xF9D5), which many given names use (珈, 菈);
  Python's own ``big5`` codec enumerates them, so no list is downloaded;
* Hiragana and Katakana (a Japanese name);
* Big5's symbols (0xA140-0xA3BF), Bopomofo, CJK and full-width punctuation, ASCII, Latin-1 and
  general punctuation.

Characters outside the subset (a rare character in a player's name) are drawn with a fallback
font by :class:`weather_tabletop.ui.theme.TextCache`.

Run it after a catalogue gains characters (``tests/test_catalogue_zh_tw.py`` says when)::

    apt-get install fonts-noto-cjk          # Debian: NotoSansCJK-{Regular,Bold}.ttc
    pip install fonttools                   # a build-time tool, not a dependency of the app
    python art/fonts/make_subset.py [--source DIR]

It takes about a minute a weight. The output is deterministic for the same source and
catalogues (the font's timestamps are kept).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DEBIAN_DIR = Path("/usr/share/fonts/opentype/noto")
FACE = "Noto Sans CJK TC"
WEIGHTS = ("Regular", "Bold")
OUTPUT = "NotoSansCJKtc-{weight}.subset.otf"
# Vertical writing is never used: its tables and features are left out.
FEATURES = ["ccmp", "locl", "kern", "liga", "calt", "mark", "mkmk"]
DROP_TABLES = ["vhea", "vmtx", "VORG"]
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2460, 0x24FF),
          (0x25A0, 0x25FF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0xFE30, 0xFE4F),
          (0xFF00, 0xFFEF)]


def big5(low: int, high: int) -> set[int]:
    """The code points of Big5's cells ``low``-``high`` (Python's ``big5`` codec)."""
    out = set()
    for lead in range(low >> 8, (high >> 8) + 1):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            if low <= (lead << 8) | trail <= high:
                try:
                    out.add(ord(bytes([lead, trail]).decode("big5")))
                except UnicodeDecodeError:
                    pass
    return out


def catalogue_text(root: Path = ROOT) -> str:
    """Every text of every en and zh-TW catalogue under ``weather_tabletop/``, and of the
    games' zh-TW guides."""
    texts: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((root / "weather_tabletop").rglob("locale/**/*.json")):
        if path.stem in ("en", "zh-TW") or path.parent.name in ("en", "zh-TW"):
            walk(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((root / "weather_tabletop" / "games").glob("*/guide.zh-TW.toml")):
        texts.append(path.read_text(encoding="utf-8"))  # the translated players' guides
    return "".join(texts)


def wanted() -> set[int]:
    chars = big5(0xA440, 0xC67E) | big5(0xC940, 0xF9D5) | big5(0xA140, 0xA3BF)
    for low, high in RANGES:
        chars |= set(range(low, high + 1))
    chars |= {ord(c) for c in catalogue_text() if c not in "\n\t"}
    return chars


def source_font(folder: Path, weight: str):
    from fontTools.ttLib import TTCollection, TTFont

    for name in (f"NotoSansCJKtc-{weight}.otf", f"NotoSansTC-{weight}.otf"):
        if (folder / name).is_file():
            return TTFont(folder / name, recalcTimestamp=False)
    ttc = folder / f"NotoSansCJK-{weight}.ttc"
    for number, face in enumerate(TTCollection(ttc).fonts):
        if face["name"].getDebugName(1) == FACE:
            return TTFont(ttc, fontNumber=number, recalcTimestamp=False)
    raise SystemExit(f"no {FACE} face in {ttc}")


def make(folder: Path, weight: str, chars: set[int], out: Path) -> None:
    from fontTools import subset

    font = source_font(folder, weight)
    options = subset.Options()
    options.layout_features = FEATURES
    options.drop_tables += DROP_TABLES
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=chars)
    subsetter.subset(font)
    font.save(out)
    have = set(font.getBestCmap())
    print(f"{out.name}: {len(have)} characters, {out.stat().st_size / 1e6:.2f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", type=Path, default=DEBIAN_DIR,
                        help="folder with NotoSansCJK-<weight>.ttc or NotoSansCJKtc-<weight>.otf")
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is needed: pip install fonttools", file=sys.stderr)
        return 2
    chars = wanted()
    for weight in WEIGHTS:
        make(args.source, weight, chars, args.out / OUTPUT.format(weight=weight))
    return 0


if __name__ == "__main__":
    sys.exit(main())
