#!/usr/bin/env bash
# Points agents instrumented with the OpenTelemetry JS SDK at `tracedeck listen`: the SDK's own OTLP/HTTP exporters,
# JSON and protobuf, send a clean run and one with a tool call left without its result. Prints what listen printed
# and checks that the one finding is the orphaned call, in the protobuf run only, and that the file listen wrote
# validates to the same finding.
#
#   scripts/try-listen-with-otel-sdk.sh
#
# Needs Node.js and npm (the packages, pinned in scripts/otel-agent/package.json, are installed in a temporary folder).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'kill "$listener" 2>/dev/null || true; rm -rf "$WORK"' EXIT
die() { echo "try-listen: $*" >&2; exit 1; }
command -v npm >/dev/null || die "Node.js and npm are needed"

cp "$ROOT/scripts/otel-agent/package.json" "$ROOT/scripts/otel-agent/agent.js" "$WORK/"
(cd "$WORK" && npm install --silent --no-audit --no-fund >/dev/null) || die "npm install failed"

"$ROOT/tracedeck" listen --port 0 --output "$WORK/received.jsonl" >"$WORK/out" 2>"$WORK/err" &
listener=$!
for _ in $(seq 1 600); do
    grep -qo 'http://127.0.0.1:[0-9]*' "$WORK/err" 2>/dev/null && break
    kill -0 "$listener" 2>/dev/null || { cat "$WORK/err" >&2; die "listen did not start"; }
    sleep 0.1
done
endpoint=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/err" | head -1)
[[ -n "$endpoint" ]] || die "listen did not say where it listens"
echo ">> listen is on $endpoint"

export OTEL_EXPORTER_OTLP_ENDPOINT="$endpoint"
node "$WORK/agent.js" json clean
node "$WORK/agent.js" proto orphaned
sleep 1
kill -TERM "$listener"
wait "$listener" || true

echo ">> what listen printed"
cat "$WORK/out"
grep -q '^error   orphaned-tool-call  thread weather-proto-orphaned' "$WORK/out" || die "the orphaned call was not reported"
[[ $(grep -c '^error\|^warning' "$WORK/out") -eq 1 ]] || die "expected exactly one finding line while listening"
echo ">> validate on the file listen wrote"
code=0
"$ROOT/tracedeck" validate --no-workspace "$WORK/received.jsonl" >"$WORK/validate" || code=$?
head -2 "$WORK/validate"
[[ $code -eq 1 ]] || die "validate exited $code, expected 1 (findings)"
grep -q 'weather-proto-orphaned' "$WORK/validate" || die "validate did not find the orphaned call"
echo ">> ok: both exporters were read, and the one broken run was the one reported"
