#!/usr/bin/env bash
# A newcomer's first minutes on a given Node.js major, as CI's last step:
# fresh clone of this repository's HEAD → npm install → npm start → read a post and
# /api/health → a minute of mixed reading and Studio saves → the server is still alive.
#   bash tests/smoke/fresh-install.sh 22 [seconds]
set -euo pipefail
major="${1:-22}"
seconds="${2:-60}"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
# E2E_PORT + 60, as tests/ports.ts gives every server of a run its port.
port="${SMOKE_PORT:-$((${E2E_PORT:-3100} + 60))}"
work="$(mktemp -d "${TMPDIR:-/tmp}/duet-smoke.XXXXXX")"
server_pid=""
cleanup() {
  # The whole process group, whether or not its leader (npm) is still there: npm may be gone
  # while the server it started runs on, which then outlived every smoke run.
  if [ -n "$server_pid" ]; then
    kill -- -"$server_pid" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 -- -"$server_pid" 2>/dev/null || break
      sleep 1
    done
    kill -KILL -- -"$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  # In the background: deleting the clone's node_modules took 3 of the smoke's 10 minutes
  # on a busy machine, and nothing waits for it.
  (rm -rf "$work" >/dev/null 2>&1 &)
}
trap cleanup EXIT

eval "$(bash "$repo/scripts/use-node.sh" "$major")"
echo "smoke: Node $(node -v), npm $(npm -v), fresh clone of $(git -C "$repo" rev-parse --short HEAD) in $work"
git clone --quiet --no-hardlinks "$repo" "$work/duet"
cd "$work/duet"

started=$(date +%s)
# --prefer-offline: packages already in the npm cache (CI's own install filled it) are not
# fetched again; what a newcomer's machine lacks still comes from the registry.
npm install --no-audit --no-fund --prefer-offline --loglevel=error >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
echo "smoke: npm install took $(($(date +%s) - started)) s"

# setsid: the server and its children form one group, so cleanup stops all of them.
setsid env PORT="$port" DATA_DIR="$work/data" LOG_LEVEL=warn npm start >"$work/server.log" 2>&1 &
server_pid=$!

SMOKE_PORT="$port" SMOKE_SECONDS="$seconds" SMOKE_DATA_DIR="$work/data" SMOKE_SERVER_PID="$server_pid" \
  node "$repo/tests/smoke/exercise-server.mjs" || { echo "smoke: server log:"; tail -n 60 "$work/server.log"; exit 1; }
