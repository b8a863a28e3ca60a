#!/usr/bin/env bash
# Before and after, alternating: runs `inspect --json` and `validate --format json` (both --no-workspace) with this
# checkout's ./tracedeck and another's, one after the other in each round, beside the Python peer for chat files, so
# that every figure is measured in the same minutes as the one it is compared with. Prints a line per run, then
# the best wall time, the CPU time (user + system) of that run, and the highest peak RSS of each.
#
#   git worktree add ../before main
#   RUNS=3 scripts/benchmark-ab.sh ../before bench-data/chat-300m.jsonl bench-data/mycelian-257m.log
#   COMMANDS=app RUNS=2 scripts/benchmark-ab.sh ../before bench-data/chat-300m.jsonl   # the desktop app
#
# Environment: RUNS=3 rounds; COMMANDS="inspect validate" the commands to run, "app" for the desktop app: it opens the
# file under its own xvfb-run (1280x720) into a new workspace, takes its --screenshot and exits; its time is until
# the picture is written (loaded: imported, checked, first finding shown; Xvfb's and the launcher's start included).
# Needs GNU time (apt-get install time), and xvfb-run for the app.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -ge 2 ]] || { echo "usage: scripts/benchmark-ab.sh OTHER_CHECKOUT FILE..." >&2; exit 2; }
OTHER="$(cd "$1" && pwd)"
shift
RUNS="${RUNS:-3}"
COMMANDS="${COMMANDS:-inspect validate}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-ab.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
"$ROOT/tracedeck" --version >/dev/null
"$OTHER/tracedeck" --version >/dev/null

# measure LABEL CMD...: appends "LABEL wall cpu peak_kib" to the results; a finding's exit code 1 is a result.
measure() {
    local label=$1 status=0
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" >/dev/null 2>&1 || status=$?
    [[ $status -le 1 ]] || { echo "benchmark-ab: $label exited with $status" >&2; exit 1; }
    read -r wall user sys kib < <(tail -1 "$WORK/time") # GNU time says a non-zero exit on a line before
    echo "$label $wall $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $kib" | tee -a "$WORK/results"
}

# measure_app LABEL CHECKOUT FILE: appends "LABEL loaded cpu peak_kib", loaded being when the screenshot was written.
measure_app() {
    local label=$1 checkout=$2 file=$3 status=0 start
    rm -f "$WORK/shot.png" "$WORK"/app.db*
    start=$(date +%s.%N)
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" xvfb-run -a -s "-screen 0 1280x720x24" \
        "$checkout/tracedeck" --workspace "$WORK/app.db" --screenshot="$WORK/shot.png" "$file" >/dev/null 2>&1 || status=$?
    [[ $status -eq 0 && -s "$WORK/shot.png" ]] || { echo "benchmark-ab: $label exited with $status, no picture" >&2; exit 1; }
    read -r wall user sys kib < <(tail -1 "$WORK/time")
    echo "$label $(awk -v a="$start" -v b="$(stat -c %.9Y "$WORK/shot.png")" 'BEGIN { printf "%.2f", b - a }') $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $kib" | tee -a "$WORK/results"
}

echo ">> $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); this: $ROOT; other: $OTHER; $RUNS round(s)"
for file in "$@"; do
    for ((round = 1; round <= RUNS; round++)); do
        if [[ "$file" == *.jsonl ]]; then
            measure "$(basename "$file") python" python3 "$ROOT/scripts/chat_summary.py" "$file"
        fi
        for command in $COMMANDS; do
            if [[ "$command" == app ]]; then
                measure_app "$(basename "$file") app other" "$OTHER" "$file"
                measure_app "$(basename "$file") app this" "$ROOT" "$file"
                continue
            fi
            args=(inspect --json --no-workspace)
            [[ "$command" == validate ]] && args=(validate --format json --no-workspace)
            measure "$(basename "$file") $command other" "$OTHER/tracedeck" "${args[@]}" "$file"
            measure "$(basename "$file") $command this" "$ROOT/tracedeck" "${args[@]}" "$file"
        done
    done
done

echo
echo "| file | run | best wall | its CPU | peak RSS |"
echo "|---|---|---|---|---|"
awk '{ key = $1 " " $2 (NF == 6 ? " " $3 : ""); w = $(NF-2); c = $(NF-1); k = $NF
       if (!(key in best) || w < best[key]) { best[key] = w; cpu[key] = c }
       if (k > peak[key]) peak[key] = k
       if (!(key in order)) { order[key] = ++n; keys[n] = key } }
     END { for (i = 1; i <= n; i++) { k = keys[i]; split(k, p, " ")
           printf "| %s | %s | %.2f s | %.2f s | %.0f MiB |\n", p[1], substr(k, length(p[1]) + 2), best[k], cpu[k], peak[k] / 1024 } }' \
    "$WORK/results"
