#!/usr/bin/env bash
# Issue 15, item 10: clean-clone `.ci/run` runs of this repository's HEAD, back to back, while
# every core runs a busy loop. Logs and one summary line per run go to ${CI_LOAD_LOGS:-/tmp/ci-logs}.
#   scripts/ci-under-load.sh 5
set -u
runs=${1:-5}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
logs=${CI_LOAD_LOGS:-/tmp/ci-logs}
mkdir -p "$logs"
busy=()
for _ in $(seq 1 "$(nproc)"); do (while :; do :; done) & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
for run in $(seq 1 "$runs"); do
  rm -rf /tmp/ci-under-load && git clone -q "$repo" /tmp/ci-under-load
  commit=$(git -C /tmp/ci-under-load rev-parse --short HEAD)
  started=$(date +%s)
  (cd /tmp/ci-under-load && env -i HOME="$HOME" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin CI=true bash .ci/run) >"$logs/run-$run-$commit.log" 2>&1
  rc=$?
  echo "run $run commit $commit rc=$rc seconds=$(($(date +%s) - started)) load=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$logs/summary"
done
