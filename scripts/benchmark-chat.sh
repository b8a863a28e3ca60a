#!/usr/bin/env bash
# Chat JSON Lines benchmark: `./tracedeck inspect --json` on a JSON Lines file of OpenAI chat conversations
# against a plain Python summary of the same file (scripts/chat_summary.py: json.loads line by line), in one run;
# both must count the same messages, roles, tool calls and results. Prints wall time and peak RSS of each and the
# ratios: speed (Python time / inspect time) and memory (inspect peak RSS / file size).
#
#   scripts/benchmark-chat.sh              # bench-data/chat-1g.jsonl (1100 MiB), generated once (git-ignored)
#   scripts/benchmark-chat.sh FILE         # any existing chat JSON Lines file
#
# Environment: RUNS=3 rounds; TARGET_MB=1100 for the generated file; MVN_FLAGS=-o for the build.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
RUNS="${RUNS:-3}"
TARGET_MB="${TARGET_MB:-1100}"
DATA="${1:-bench-data/chat-1g.jsonl}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-chat.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
command -v python3 >/dev/null || { echo "benchmark-chat: python3 is needed for the baseline" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "benchmark-chat: GNU time (/usr/bin/time) is needed for peak RSS" >&2; exit 2; }

if [[ ! -f "$DATA" ]]; then
    if [[ $# -ge 1 ]]; then
        echo "no such file: $DATA" >&2
        exit 2
    fi
    echo ">> generating $DATA (${TARGET_MB} MiB)"
    # shellcheck disable=SC2086
    "$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -DskipTests -pl importers -am install
    # shellcheck disable=SC2086
    "$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -pl importers test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp"
    mkdir -p "$(dirname "$DATA")"
    java -cp "importers/target/test-classes:importers/target/classes:$(cat "$WORK/cp")" \
        dev.tracedeck.importers.bench.ChatJsonlGenerator "$DATA" "$TARGET_MB"
fi
SIZE=$(stat -c %s "$DATA")
./tracedeck --version >/dev/null   # builds when needed and makes the start-up archive, outside the measured runs

measure() {  # measure OUT CMD...: sets SECONDS_TAKEN and PEAK_KIB (the kernel's ru_maxrss)
    local out=$1; shift
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >"$out"
    read -r SECONDS_TAKEN PEAK_KIB <"$WORK/time"
}
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

echo ">> $DATA: $SIZE bytes; $(nproc) cores; $(java -version 2>&1 | head -1); $(python3 --version)"
for ((round = 1; round <= RUNS; round++)); do
    measure "$WORK/python.json" python3 scripts/chat_summary.py "$DATA"
    py_s=$SECONDS_TAKEN; py_kib=$PEAK_KIB
    measure "$WORK/inspect.json" ./tracedeck inspect --json --no-workspace "$DATA"
    printf '   round %d: python %s s, %s MiB   inspect %s s, %s MiB   speed %sx   inspect RSS/file %s\n' "$round" \
        "$py_s" "$(mib "$py_kib")" "$SECONDS_TAKEN" "$(mib "$PEAK_KIB")" \
        "$(awk -v p="$py_s" -v t="$SECONDS_TAKEN" 'BEGIN { printf "%.1f", p / t }')" \
        "$(awk -v k="$PEAK_KIB" -v s="$SIZE" 'BEGIN { printf "%.2f", k * 1024 / s }')"
done

# Both read the same file: their counts must agree, or the comparison means nothing.
python3 - "$WORK/python.json" "$WORK/inspect.json" <<'PY'
import json, sys
from collections import Counter
py = json.load(open(sys.argv[1])); td = json.load(open(sys.argv[2]))[0]
roles, calls = Counter(), Counter()
for t in td["threads"]:
    roles.update(t["roles"]); calls.update(t["toolCalls"])
mine = {"lines": td["lines"], "conversations": len(td["threads"]), "messages": sum(t["messages"] for t in td["threads"]),
        "roles": dict(roles), "toolCalls": dict(calls), "toolResults": sum(t["toolResults"] for t in td["threads"]),
        "orphanedToolCalls": sum(t["orphanedToolCalls"] for t in td["threads"])}
for key, value in py.items():
    if mine[key] != value:
        sys.exit(f"benchmark-chat: {key} differ: python {value}, inspect {mine[key]}")
print(f"   both read {mine['lines']:,} lines, {mine['messages']:,} messages, {sum(calls.values()):,} tool calls, "
      f"{mine['toolResults']:,} results in {mine['conversations']:,} conversations")
PY
