#!/usr/bin/env bash
# Big traces, in one run: for each file, `./tracedeck inspect --json` against the plain Python summary of the same
# file and against lnav indexing it (what a user opens a big log with today, when it is installed), `validate` against
# inspect, the desktop app until loaded against inspect, and each command's peak RSS
# against the file's size. Prints a line per measured run and then one Markdown table (docs/performance.md's).
#
#   scripts/benchmark-big.sh                                  # the 300 MiB chat file and the 257 MiB Mycelian log
#   FILES="chat:1100 log:1100" scripts/benchmark-big.sh       # the 1.1 GiB ones (minutes; not for CI)
#   FILES="chat:300 log:257 chat:1100 log:1100" scripts/benchmark-big.sh   # all four in one run
#   FILES="path/to/run.jsonl other.log" scripts/benchmark-big.sh           # existing files (.jsonl chat, .log Mycelian)
#
# A KIND:MIB entry names a generated file in bench-data/ (git-ignored), written once by the generators the other
# benchmarks use (ChatJsonlGenerator, MycelianLogGenerator; 1100 MiB reuses chat-1g.jsonl and mycelian-1g.log).
# The baselines: scripts/chat_summary.py (json.loads per line, counting) for chat JSON Lines and
# ../shared/bench/peer_python_parse.py (regex summary) for a Mycelian log; both must count what inspect counts.
#
# Environment:
#   RUNS=1           rounds per file (each round runs every command once, alternating, so all see the same minutes)
#   APP=1            also run the desktop app (--screenshot under a private Xvfb); 0 skips it
#   SHOT_AFTER=1000  also take the app's picture this many ms after start, loaded or not (--screenshot-after), into
#                    bench-data/shot-FILE-MSms.png: what a user sees then (0 skips it)
#   RECORD=1         also run inspect recording into a fresh workspace (the first time a file is seen); 0 skips it
#   PEER_LOG=path    the Python summary for logs (default ../shared/bench/peer_python_parse.py beside the repo)
#   LNAV=1           also time lnav's index of the file (`lnav -n -c ';SELECT lines FROM lnav_file'`, with a fresh
#                    HOME so no earlier state helps it) when lnav is installed (apt-get install lnav); 0 skips it
#   MVN_FLAGS=-o     extra Maven flags for compiling the generators
# Needs python3, GNU time (apt-get install time) and, for the app, Xvfb (apt-get install xvfb).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
FILES="${FILES:-chat:300 log:257}"
RUNS="${RUNS:-1}"
PEER_LOG="${PEER_LOG:-$ROOT/../shared/bench/peer_python_parse.py}"
PEER_CHAT="$ROOT/scripts/chat_summary.py"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-big.XXXXXX")"
xvfb=""
trap '[[ -n "$xvfb" ]] && kill "$xvfb" 2>/dev/null; rm -rf "$WORK"' EXIT

die() { echo "benchmark-big: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is needed for the baselines"
/usr/bin/time -f %M true >/dev/null 2>&1 || die "GNU time (/usr/bin/time) is needed for peak RSS: apt-get install time"
[[ -f "$PEER_LOG" ]] || die "the Python baseline for logs is missing: $PEER_LOG (set PEER_LOG=path)"

# --- data ------------------------------------------------------------------------------------------------
generated_path() {  # generated_path KIND MIB
    case "$1:$2" in
        chat:1100) echo bench-data/chat-1g.jsonl ;;
        log:1100)  echo bench-data/mycelian-1g.log ;;
        chat:*)    echo "bench-data/chat-${2}m.jsonl" ;;
        log:*)     echo "bench-data/mycelian-${2}m.log" ;;
        *) die "unknown kind in FILES: $1 (chat or log)" ;;
    esac
}
generator_cp=""
generate() {  # generate KIND MIB PATH
    if [[ -z "$generator_cp" ]]; then
        echo ">> building the generators"
        # shellcheck disable=SC2086
        "$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -DskipTests -pl importers -am install
        # shellcheck disable=SC2086
        "$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -pl importers test-compile dependency:build-classpath -Dmdep.outputFile="$WORK/cp"
        generator_cp="importers/target/test-classes:importers/target/classes:$(cat "$WORK/cp")"
    fi
    local class=ChatJsonlGenerator
    [[ "$1" == log ]] && class=MycelianLogGenerator
    echo ">> generating $3 ($2 MiB)"
    mkdir -p bench-data
    java -cp "$generator_cp" "dev.tracedeck.importers.bench.$class" "$3" "$2"
}

paths=() kinds=()
for entry in $FILES; do
    if [[ "$entry" =~ ^(chat|log):([0-9]+)$ ]]; then
        kind=${BASH_REMATCH[1]}
        path=$(generated_path "$kind" "${BASH_REMATCH[2]}")
        [[ -f "$path" ]] || generate "$kind" "${BASH_REMATCH[2]}" "$path"
    else
        path=$entry
        [[ -f "$path" ]] || die "no such file: $path"
        case "$path" in
            *.jsonl) kind=chat ;;
            *.log) kind=log ;;
            *) die "cannot tell the kind of $path (.jsonl for chat, .log for Mycelian)" ;;
        esac
    fi
    paths+=("$path"); kinds+=("$kind")
done

./tracedeck --version >/dev/null   # builds when needed and makes the start-up archive, outside the measured runs

# --- measuring -------------------------------------------------------------------------------------------
# measure OUT CMD...: runs CMD with stdout to OUT; sets SECS, PEAK_KIB (the kernel's ru_maxrss: the largest of the
# process and the children it waited for, so the launcher's JVM is what is measured) and STATUS.
measure() {
    local out=$1; shift
    STATUS=0
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >"$out" 2>"$WORK/stderr" || STATUS=$?
    read -r SECS PEAK_KIB < <(tail -1 "$WORK/time")
}
ok() {  # ok NAME ALLOWED...: fails the benchmark when the last run's status is not one of ALLOWED
    local name=$1; shift
    for s in "$@"; do [[ "$STATUS" == "$s" ]] && return 0; done
    echo "benchmark-big: $name exited with $STATUS:" >&2
    tail -5 "$WORK/stderr" >&2
    exit 1
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
rss_ratio() { awk -v k="$1" -v s="$2" 'BEGIN { printf "%.2f", k * 1024 / s }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

if [[ "${APP:-1}" != 0 ]]; then
    command -v Xvfb >/dev/null || die "Xvfb is needed for the app (apt-get install xvfb), or APP=0"
    # One private X server for every app run, started before any is timed; -displayfd says when it is ready.
    Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$WORK/display" 2>/dev/null &
    xvfb=$!
    for _ in $(seq 100); do [[ -s "$WORK/display" ]] && break; sleep 0.1; done
    [[ -s "$WORK/display" ]] || die "Xvfb did not start"
    export DISPLAY=":$(cat "$WORK/display")"
    # The window's first run after a build writes its start-up archive as it exits: outside the measured runs.
    ./tracedeck --workspace "$WORK/warm.db" --screenshot="$WORK/warm.png" sample-logs/mycelian/after-tool-only.log \
        >/dev/null 2>&1 || die "the app did not start (see ./tracedeck --screenshot=PNG)"
    # The window's own peak, with a file of a few lines: the JVM, JavaFX, the renderer, the class-data archive. What a
    # big file costs the app is its peak above this one.
    measure /dev/null ./tracedeck --workspace "$WORK/empty.db" --screenshot="$WORK/empty.png" \
        sample-logs/mycelian/after-tool-only.log
    ok "app (a small file)" 0
    EMPTY_KIB=$PEAK_KIB
    echo "The window with a small file: peak RSS $(mib "$EMPTY_KIB") MiB"
    # The floor any JavaFX window sets here: the least one that shows what Tracedeck's first frame shows (a menu bar,
    # a list, a table of 40 rows; BareTableWindow, compiled with the clock it reads alone), in the window's JVM options
    # (read from the launcher) and with a class-data archive of its own, made by a first run (of a jar: the JVM archives
    # no class from a folder). It prints when its first frame was up, measured as --screenshot-after measures it.
    lib=app/target/lib
    fx_modules=$(printf '%s:' "$lib"/javafx-*.jar)
    mkdir -p "$WORK/bare"
    javac -d "$WORK/bare" --module-path "$fx_modules" --add-modules javafx.controls \
        desktop/src/test/java/dev/tracedeck/desktop/bench/BareTableWindow.java \
        desktop/src/main/java/dev/tracedeck/desktop/common/ProcessStart.java
    jar --create --file "$WORK/bare.jar" -C "$WORK/bare" .
    # The window's JVM options, read as the launcher reads them (app/src/jvm/jobs.properties).
    here=$ROOT
    eval "$(sed -n '/^jvm_options() {/,/^}/p' tracedeck)"
    read -r -a desktop_opts <<<"$(jvm_options window)"
    bare=(java "${desktop_opts[@]}" --module-path "$fx_modules" --add-modules javafx.controls -cp "$WORK/bare.jar"
        dev.tracedeck.desktop.bench.BareTableWindow)
    "${bare[@]:0:1}" -XX:ArchiveClassesAtExit="$WORK/bare.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off "${bare[@]:1}" \
        >/dev/null 2>&1 || die "the bare JavaFX window did not start"
    bare_ms=() bare_k=()
    for _ in 1 2 3; do
        measure "$WORK/bare.out" "${bare[@]:0:1}" -XX:SharedArchiveFile="$WORK/bare.jsa" -Xlog:cds=off \
            -Xlog:cds+dynamic=off "${bare[@]:1}"
        ok "the bare JavaFX window" 0
        bare_ms+=("$(tail -1 "$WORK/bare.out")") bare_k+=("$PEAK_KIB")
    done
    BARE_MS=$(printf '%s\n' "${bare_ms[@]}" | sort -g | head -1)
    BARE_KIB=$(printf '%s\n' "${bare_k[@]}" | sort -g | tail -1)
    echo "A bare JavaFX table window (the floor): first frame after ${bare_ms[*]} ms, peak RSS $(mib "$BARE_KIB") MiB"
fi

# Both read the same file: their counts must agree, or the comparison means nothing.
agree() {  # agree KIND PYTHON_JSON INSPECT_JSON
    python3 - "$@" <<'PY'
import json, sys
from collections import Counter
kind, py, td = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))[0]
if kind == "log":
    mine = {k: td[k] for k in ("lines", "records")}
    py = {k: py[k] for k in mine}
else:
    roles, calls = Counter(), Counter()
    for t in td["threads"]:
        roles.update(t["roles"]); calls.update(t["toolCalls"])
    mine = {"lines": td["lines"], "conversations": len(td["threads"]),
            "messages": sum(t["messages"] for t in td["threads"]), "roles": dict(roles), "toolCalls": dict(calls),
            "toolResults": sum(t["toolResults"] for t in td["threads"]),
            "orphanedToolCalls": sum(t["orphanedToolCalls"] for t in td["threads"])}
for key, value in py.items():
    if mine[key] != value:
        sys.exit(f"benchmark-big: {key} differ: python {value}, inspect {mine[key]}")
PY
}

best() { printf '%s\n' "$@" | sort -g | head -1; }

use_lnav=0
if [[ "${LNAV:-1}" != 0 ]] && command -v lnav >/dev/null; then
    use_lnav=1
    mkdir -p "$WORK/lnav-home"
fi
most() { printf '%s\n' "$@" | sort -g | tail -1; }

echo ">> $(nproc) cores; $(java -version 2>&1 | head -1); $(python3 --version); launcher defaults; $RUNS round(s) per file"
rows=()
for i in "${!paths[@]}"; do
    path=${paths[$i]} kind=${kinds[$i]}
    size=$(stat -c %s "$path")
    peer=$PEER_CHAT
    [[ "$kind" == log ]] && peer=$PEER_LOG
    echo ">> $path: $size bytes ($(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1048576 }') MiB), $kind; peer $(basename "$peer")"
    py_t=() in_t=() in_k=() ln_t=() ln_k=() rec_t=() va_t=() va_k=() app_t=() app_k=()
    for ((round = 1; round <= RUNS; round++)); do
        measure "$WORK/python.json" python3 "$peer" "$path"; ok python 0
        py_t+=("$SECS")
        measure "$WORK/inspect.json" ./tracedeck inspect --json --no-workspace "$path"; ok inspect 0 1
        in_t+=("$SECS"); in_k+=("$PEAK_KIB")
        agree "$kind" "$WORK/python.json" "$WORK/inspect.json"
        line="   round $round: python ${py_t[-1]} s   inspect $SECS s, $(mib "$PEAK_KIB") MiB"
        if [[ $use_lnav == 1 ]]; then
            rm -rf "$WORK/lnav-home"/.lnav "$WORK/lnav-home"/.config
            HOME="$WORK/lnav-home" measure "$WORK/lnav.out" lnav -n -c ';SELECT lines FROM lnav_file' "$path"; ok lnav 0
            # Both must have read the whole file: lnav's line count against inspect's.
            lnav_lines=$(awk 'NR == 2 { print $1 }' "$WORK/lnav.out")
            inspect_lines=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print((d[0] if isinstance(d, list) else d)["lines"])' "$WORK/inspect.json")
            [[ "$lnav_lines" == "$inspect_lines" ]] || die "lnav counted $lnav_lines lines, inspect $inspect_lines"
            ln_t+=("$SECS"); ln_k+=("$PEAK_KIB")
            line+="   lnav $SECS s, $(mib "$PEAK_KIB") MiB"
        fi
        if [[ "${RECORD:-1}" != 0 ]]; then
            rm -f "$WORK/ws.db"*
            measure /dev/null ./tracedeck inspect --json --workspace "$WORK/ws.db" "$path"; ok "inspect recording" 0 1
            rec_t+=("$SECS")
            line+="   inspect recording (first time) $SECS s"
        fi
        # validate exits 1 when it finds something: that is a result, not a failure.
        measure /dev/null ./tracedeck validate --format json --no-workspace "$path"; ok validate 0 1
        va_t+=("$SECS"); va_k+=("$PEAK_KIB")
        line+="   validate $SECS s, $(mib "$PEAK_KIB") MiB"
        if [[ "${APP:-1}" != 0 ]]; then
            # The app imports, checks, selects the first finding, saves the picture and exits; loaded is when every
            # file is read and checked and the finding the picture shows is selected and rendered (the launcher's
            # start included): the app writes the time into the file -Dtracedeck.loadedMark names, then waits for the
            # panes to settle before it takes the picture.
            rm -f "$WORK/shot.png" "$WORK/loaded"
            start=$(date +%s%3N)
            TRACEDECK_JAVA_OPTS="${TRACEDECK_JAVA_OPTS:-} -Dtracedeck.loadedMark=$WORK/loaded" \
                measure /dev/null ./tracedeck --screenshot="$WORK/shot.png" "$path"; ok app 0
            [[ -s "$WORK/shot.png" && -s "$WORK/loaded" ]] || die "the app wrote no screenshot"
            app_t+=("$(awk -v a="$start" -v b="$(cat "$WORK/loaded")" 'BEGIN { printf "%.2f", (b - a) / 1000 }')")
            app_k+=("$PEAK_KIB")
            line+="   app loaded ${app_t[-1]} s (exited $SECS s), $(mib "$PEAK_KIB") MiB"
            if [[ "${SHOT_AFTER:-1000}" != 0 && $round == 1 ]]; then
                shot="bench-data/shot-$(basename "$path")-${SHOT_AFTER:-1000}ms.png"
                measure /dev/null ./tracedeck --screenshot="$shot" --screenshot-after="${SHOT_AFTER:-1000}" "$path"
                ok "app (--screenshot-after)" 0
                line+="   picture after ${SHOT_AFTER:-1000} ms: $shot"
                # The window says when it came up too late for the moment asked: the picture is of a later one.
                late=$(grep -o 'the picture is of [0-9]* ms' "$WORK/stderr" || true)
                if [[ -n "$late" ]]; then
                    late_ms=${late#the picture is of }
                    line+=" (${late_ms} after start: the window was not up before; the bare window's $BARE_MS ms,"
                    line+=" $(ratio "${late_ms% ms}" "$BARE_MS")×)"
                fi
            fi
        fi
        echo "$line"
    done
    # Best time of the rounds (a user's run on a quiet machine); highest peak RSS (what the machine must have).
    bp=$(best "${py_t[@]}") bi=$(best "${in_t[@]}") bv=$(best "${va_t[@]}") ki=$(most "${in_k[@]}") kv=$(most "${va_k[@]}")
    row="| $(basename "$path") | $(awk -v s="$size" 'BEGIN { printf "%.0f", s / 1048576 }') MiB | $bp s | $bi s (peer ÷ inspect **$(ratio "$bp" "$bi")**) | $(mib "$ki") MiB (**$(rss_ratio "$ki" "$size")×** file)"
    if [[ $use_lnav == 1 ]]; then
        bl=$(best "${ln_t[@]}") kl=$(most "${ln_k[@]}")
        row+=" | $bl s, $(mib "$kl") MiB (inspect ÷ lnav **$(ratio "$bi" "$bl")×** time, **$(ratio "$ki" "$kl")×** memory)"
    else
        row+=" | —"
    fi
    if [[ "${RECORD:-1}" != 0 ]]; then
        br=$(best "${rec_t[@]}")
        row+=" | $br s (**$(ratio "$br" "$bi")×** inspect)"
    else
        row+=" | —"
    fi
    row+=" | $bv s (**$(ratio "$bv" "$bi")×** inspect), $(mib "$kv") MiB"
    if [[ "${APP:-1}" != 0 ]]; then
        ba=$(best "${app_t[@]}") ka=$(most "${app_k[@]}")
        row+=" | $ba s (**$(ratio "$ba" "$bi")×** inspect) | $(mib "$ka") MiB (**$(rss_ratio "$ka" "$size")×** file; above the window's own **$(rss_ratio "$((ka - EMPTY_KIB))" "$size")×**) |"
    else
        row+=" | — | — |"
    fi
    rows+=("$row")
done

echo
echo "| file | size | Python peer | inspect --json | inspect peak RSS | lnav's index | inspect recording into a new workspace | validate | app until loaded | app peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo "| aim | | | peer ÷ inspect ≥ 1.5 (chat) | ≤ 1× file | inspect ÷ lnav ≤ 1× time | ≤ 1.1× inspect | ≤ 2× inspect | ≤ 2× inspect | ≤ 1× file (JSON), ≤ 0.5× (log) |"
