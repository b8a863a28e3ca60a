#!/usr/bin/env bash
# Before and after, alternating: runs `inspect --json` and `validate --format json` (both --no-workspace) with this
# checkout's ./tracedeck and another's, one after the other in each round, beside the Python peer for chat files, so
# that every figure is measured in the same minutes as the one it is compared with. Prints a line per run, then
# the best wall time, the CPU time (user + system) of that run, and the highest peak RSS of each.
#
#   git worktree add ../before main
#   RUNS=3 scripts/benchmark-ab.sh ../before bench-data/chat-300m.jsonl bench-data/mycelian-257m.log
#
# Environment: RUNS=3 rounds; COMMANDS="inspect validate" the commands to run. Needs GNU time (apt-get install time).
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

echo ">> $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); this: $ROOT; other: $OTHER; $RUNS round(s)"
for file in "$@"; do
    for ((round = 1; round <= RUNS; round++)); do
        if [[ "$file" == *.jsonl ]]; then
            measure "$(basename "$file") python" python3 "$ROOT/scripts/chat_summary.py" "$file"
        fi
        for command in $COMMANDS; do
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
