#!/usr/bin/env bash
# Inspect benchmark: `./tracedeck inspect --json` against the plain Python summary of the same log
# (../shared/bench/peer_python_parse.py), in one run, on a real-shaped Mycelian log of about 257 MiB; then the
# desktop app's resident memory on the same file. Prints wall time and peak RSS of each run and the two ratios:
# speed (Python time / inspect time) and memory (inspect peak RSS / file size).
#
#   scripts/benchmark-inspect.sh                # bench-data/mycelian-257m.log, generated once (git-ignored)
#   scripts/benchmark-inspect.sh FILE           # any existing log
#
# Environment:
#   RUNS=5            measured rounds (Python, then inspect, each round); ranges are reported
#   STARTUP_RUNS=10   start-up rounds on a small sample, with and without the class-data archive
#   TARGET_MB=257     size of the generated log (the generator stops at the end of a question, so a bit more)
#   APP=1             also measure the desktop app under Xvfb (0 skips it)
#   IDLE_SECONDS=45   how long the app is left open on the file to see what it keeps when idle (0 skips it)
#   PEER=path         the Python summary (default: ../shared/bench/peer_python_parse.py beside the repo)
#   MVN_FLAGS=-o      extra Maven flags for compiling the generator
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

RUNS="${RUNS:-5}"
TARGET_MB="${TARGET_MB:-257}"
PEER="${PEER:-$ROOT/../shared/bench/peer_python_parse.py}"
DATA="${1:-bench-data/mycelian-${TARGET_MB}m.log}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$PEER" ]]; then
    echo "benchmark-inspect: the Python baseline is missing: $PEER" >&2
    echo "  (expected ../shared/bench/peer_python_parse.py beside the repo; set PEER=path to use another)" >&2
    exit 2
fi
command -v python3 >/dev/null || { echo "benchmark-inspect: python3 is needed for the baseline" >&2; exit 2; }

# --- data ------------------------------------------------------------------------------------------------
if [[ ! -f "$DATA" ]]; then
    if [[ $# -ge 1 ]]; then
        echo "no such file: $DATA" >&2
        exit 2
    fi
    echo ">> generating $DATA (about ${TARGET_MB} MiB, state dumped after every message)"
    # shellcheck disable=SC2086
    "$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -pl importers -am test-compile
    mkdir -p "$(dirname "$DATA")"
    java -cp importers/target/test-classes:importers/target/classes \
        dev.tracedeck.importers.bench.MycelianLogGenerator "$DATA" "$TARGET_MB"
fi
SIZE=$(stat -c %s "$DATA")
SIZE_MIB=$(awk -v s="$SIZE" 'BEGIN { printf "%.1f", s / 1048576 }')

# Builds when needed and makes the start-up archive, so neither lands in a measured run.
./tracedeck --version >/dev/null

# --- measuring -------------------------------------------------------------------------------------------
# measure OUT CMD...: runs CMD (stdout to OUT) and sets SECONDS_TAKEN and PEAK_KIB (the process's VmHWM, its
# peak resident set). /proc is polled every 20 ms while it runs; VmHWM never decreases, so the last reading
# before the exit is the peak up to then (what a run allocates in its last 20 ms could be missed).
measure() {
    local out=$1; shift
    local start end pid hwm=0 now
    start=$(date +%s.%N)
    "$@" >"$out" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        now=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
        [[ -n "$now" && "$now" -gt "$hwm" ]] && hwm=$now
        sleep 0.02
    done
    wait "$pid"
    end=$(date +%s.%N)
    SECONDS_TAKEN=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    PEAK_KIB=$hwm
}

# With GNU time the peak comes from the kernel (ru_maxrss) and nothing is missed; the poll is the fallback.
if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M true >/dev/null 2>&1; then
    measure() {
        local out=$1; shift
        /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >"$out"
        read -r SECONDS_TAKEN PEAK_KIB <"$WORK/time"
    }
    HOW="GNU time (ru_maxrss)"
else
    HOW="polling /proc/PID/status VmHWM every 20 ms"
fi

mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

echo ">> $DATA: $SIZE bytes ($SIZE_MIB MiB); $(nproc) cores; $(java -version 2>&1 | head -1)"
echo ">> $RUNS rounds, each: Python summary, then ./tracedeck inspect --json (launcher defaults); peak RSS by $HOW"
py_times=() py_peaks=() td_times=() td_peaks=()
for ((round = 1; round <= RUNS; round++)); do
    measure "$WORK/python.json" python3 "$PEER" "$DATA"
    py_times+=("$SECONDS_TAKEN"); py_peaks+=("$PEAK_KIB")
    py="$SECONDS_TAKEN s, $(mib "$PEAK_KIB") MiB"
    measure "$WORK/inspect.json" ./tracedeck inspect --json "$DATA"
    td_times+=("$SECONDS_TAKEN"); td_peaks+=("$PEAK_KIB")
    printf '   round %d: python %s   inspect %s s, %s MiB   speed %sx\n' "$round" "$py" "$SECONDS_TAKEN" \
        "$(mib "$PEAK_KIB")" "$(awk -v p="${py_times[-1]}" -v t="$SECONDS_TAKEN" 'BEGIN { printf "%.1f", p / t }')"
done

# Both read the same log: the line and record counts must agree, or the comparison means nothing.
python3 - "$WORK/python.json" "$WORK/inspect.json" <<'EOF'
import json, sys
py = json.load(open(sys.argv[1])); td = json.load(open(sys.argv[2]))[0]
for key in ("lines", "records"):
    if py[key] != td[key]:
        sys.exit(f"benchmark-inspect: {key} differ: python {py[key]}, inspect {td[key]}")
print(f"   both read {td['lines']:,} lines, {td['records']:,} records, {len(td['threads'])} threads")
EOF

summary() {  # summary NAME VALUES...: min–max (median)
    local name=$1; shift
    printf '%s\n' "$@" | sort -g | awk -v n="$name" '{ v[NR] = $1 } END {
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%s %s–%s (median %s)", n, v[1], v[NR], m }'
}
best_py=$(printf '%s\n' "${py_times[@]}" | sort -g | head -1)
best_td=$(printf '%s\n' "${td_times[@]}" | sort -g | head -1)
med() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
peak_td=$(printf '%s\n' "${td_peaks[@]}" | sort -g | tail -1)
peak_py=$(printf '%s\n' "${py_peaks[@]}" | sort -g | tail -1)
echo
echo "RESULT python   $(summary time "${py_times[@]}") s, peak RSS $(mib "$peak_py") MiB"
echo "RESULT inspect  $(summary time "${td_times[@]}") s, peak RSS $(mib "$peak_td") MiB"
awk -v bp="$best_py" -v bt="$best_td" -v mp="$(med "${py_times[@]}")" -v mt="$(med "${td_times[@]}")" \
    'BEGIN { printf "RESULT speed    python/inspect %.1fx (best of each), %.1fx (medians)   aim >= 4x\n", bp / bt, mp / mt }'
awk -v p="$peak_td" -v s="$SIZE" \
    'BEGIN { printf "RESULT memory   inspect peak RSS / file size %.2f   aim <= 1.5\n", p * 1024 / s }'

# --- start-up ---------------------------------------------------------------------------------------------
# inspect on a small sample, with the launcher's class-data archive and without (TRACEDECK_CDS=0: only the
# JDK's own archive), alternating so both see the same machine.
SAMPLE="sample-logs/mycelian/after-tool-only.log"
with=() without=()
for ((i = 0; i < ${STARTUP_RUNS:-10}; i++)); do
    measure /dev/null ./tracedeck inspect --json "$SAMPLE"; with+=("$SECONDS_TAKEN")
    measure /dev/null env TRACEDECK_CDS=0 ./tracedeck inspect --json "$SAMPLE"; without+=("$SECONDS_TAKEN")
done
echo "RESULT start-up inspect on $(basename "$SAMPLE") ($(( $(stat -c %s "$SAMPLE") / 1024 )) KiB): with the archive $(summary time "${with[@]}") s;" \
    "without $(summary time "${without[@]}") s"

# --- the desktop app -------------------------------------------------------------------------------------
if [[ "${APP:-1}" == 0 ]]; then
    exit 0
fi
if ! command -v Xvfb >/dev/null; then
    echo "RESULT app      skipped: no Xvfb (apt-get install xvfb)"
    exit 0
fi
# A private X server; -displayfd tells its display number once it is ready.
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$WORK/display" 2>/dev/null &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do [[ -s "$WORK/display" ]] && break; sleep 0.1; done
export DISPLAY=":$(cat "$WORK/display")"

rss() { awk -v f="$2" '$1 == f ":" { print $2 }' "/proc/$1/status" 2>/dev/null || true; }

# 1. --screenshot: the app imports the file, runs the checks, selects the first finding, saves the picture
#    and exits. Read when the picture appears: the resident set with the trace open and checked.
echo
echo ">> the desktop app (./tracedeck --screenshot, launcher defaults) on the same file, under Xvfb $DISPLAY"
start=$(date +%s.%N)
./tracedeck --screenshot "$WORK/shot.png" "$DATA" >/dev/null 2>"$WORK/app.err" &
app=$!
shot_rss="" shot_hwm="" shot_at=""
while kill -0 "$app" 2>/dev/null; do
    if [[ -z "$shot_rss" && -s "$WORK/shot.png" ]]; then
        shot_rss=$(rss "$app" VmRSS); shot_hwm=$(rss "$app" VmHWM)
        shot_at=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    fi
    sleep 0.05
done
wait "$app" || { echo "benchmark-inspect: the app failed:" >&2; cat "$WORK/app.err" >&2; exit 1; }
if [[ -n "$shot_rss" ]]; then
    echo "RESULT app      screenshot after ${shot_at} s (imported and checked): VmRSS $(mib "$shot_rss") MiB, VmHWM $(mib "$shot_hwm") MiB ($(awk -v p="$shot_rss" -v s="$SIZE" 'BEGIN { printf "%.2f", p * 1024 / s }')x the file)"
else
    echo "RESULT app      exited before its screenshot could be read"
fi

# 2. Left open: what the app keeps while the user reads the trace (the collector gives idle memory back).
if [[ "${IDLE_SECONDS:-45}" -gt 0 ]]; then
    ./tracedeck "$DATA" >/dev/null 2>"$WORK/app.err" &
    app=$!
    hwm=0
    for ((t = 1; t <= IDLE_SECONDS; t++)); do
        sleep 1
        kill -0 "$app" 2>/dev/null || { echo "benchmark-inspect: the app exited:" >&2; cat "$WORK/app.err" >&2; exit 1; }
        now=$(rss "$app" VmRSS)
        printf '%s %s\n' "$t" "$now" >>"$WORK/idle"
    done
    hwm=$(rss "$app" VmHWM)
    kill "$app"
    wait "$app" 2>/dev/null || true
    last=$(tail -1 "$WORK/idle" | cut -d' ' -f2)
    echo "RESULT app      left open ${IDLE_SECONDS} s: VmRSS $(mib "$last") MiB at the end, VmHWM $(mib "$hwm") MiB;" \
        "VmRSS every 5 s: $(awk 'NR % 5 == 0 { printf "%s%.0f", (n++ ? " " : ""), $2 / 1024 }' "$WORK/idle") MiB"
fi
