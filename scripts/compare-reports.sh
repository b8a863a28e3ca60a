#!/usr/bin/env bash
# Compares what two builds report on the same files, byte for byte: `inspect --json` and
# `validate --format json`, both with --no-workspace, and their exit codes. For a change that must not change what
# Tracedeck says (a faster import, a leaner model): build the code before it in a second checkout and run
#
#   git worktree add ../before main        # or any commit
#   scripts/compare-reports.sh ../before                      # every sample, the real traces beside the repo, bench-data
#   scripts/compare-reports.sh ../before FILE...              # these files
#
# With no files it takes every file under sample-logs/ (all formats), ../shared/real-traces/ when it is there, and the
# chat and log files in bench-data/. Each checkout's ./tracedeck builds it when needed. Prints one line per file and
# difference, and exits 1 when any report differs.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: scripts/compare-reports.sh OTHER_CHECKOUT [FILE...]" >&2; exit 2; }
OTHER="$(cd "$1" && pwd)"
shift
[[ -x "$OTHER/tracedeck" ]] || { echo "compare-reports: no ./tracedeck in $OTHER" >&2; exit 2; }

files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
    while IFS= read -r f; do files+=("$f"); done < <(
        find "$ROOT/sample-logs" -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.log' -o -name '*.af' \
            -o -name '*.eval' -o -name '*.gz' \) -not -path '*/target/*' -not -path '*/src/*' | sort
        [[ -d "$ROOT/../shared/real-traces" ]] && find "$ROOT/../shared/real-traces" -type f -not -name '*.md' | sort
        find "$ROOT/bench-data/" -maxdepth 1 -type f \( -name '*.jsonl' -o -name '*.log' \) 2>/dev/null | sort)
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-compare.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
"$ROOT/tracedeck" --version >/dev/null
"$OTHER/tracedeck" --version >/dev/null

# run CHECKOUT OUT ARGS...: the report on stdout into OUT, the exit code appended as its last line.
run() {
    local checkout=$1 out=$2 code=0
    shift 2
    "$checkout/tracedeck" "$@" >"$out" 2>/dev/null || code=$?
    echo "exit $code" >>"$out"
}

differ=0
for f in "${files[@]}"; do
    path="$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
    for command in "inspect --json --no-workspace" "validate --format json --no-workspace"; do
        # shellcheck disable=SC2086
        run "$OTHER" "$WORK/other" $command "$path"
        # shellcheck disable=SC2086
        run "$ROOT" "$WORK/this" $command "$path"
        if cmp -s "$WORK/other" "$WORK/this"; then
            echo "same     ${command%% *}  $f"
        else
            echo "DIFFERS  ${command%% *}  $f"
            # diff exits 1 on a difference: under pipefail that would end the whole comparison at the first file
            diff "$WORK/other" "$WORK/this" | head -5 || :
            differ=1
        fi
    done
done
exit $differ
