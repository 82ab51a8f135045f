#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and integration tests, production build, browser tests,
# and the several-instances proof.
# In CI (CI=true) every suite is mandatory. Elsewhere, a suite whose service is missing
# (Chromium, PostgreSQL, Redis, OpenStack Swift for S3 media) is skipped with a loud notice,
# never silently.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
node scripts/check-node.cjs

# Each step's time is kept and printed at the end, so a CI log says where the minutes went:
# its wall time and the CPU time its processes used (user + system, from bash's `times`),
# whose ratio says how busy the machine's cores were: near the core count, only less work
# makes the step faster; well below it, the step waits and could share its time.
timings=""
step_name=""
step_started=$SECONDS
step_cpu=0
# Sets cpu_now: the CPU time (hundredths of a second) used so far by this shell's finished
# children (servers a suite leaves running as daemons, like Swift's, are not counted). Not
# through $(…): `times` in a subshell would count that subshell's children instead.
times_file="$(mktemp "${TMPDIR:-/tmp}/duet-times.XXXXXX")"
children_cpu() {
  local shell_line children_line
  times >"$times_file"
  { read -r shell_line; read -r children_line; } <"$times_file"
  # "0m12.345s 0m1.234s": minutes and seconds of user, then system time.
  cpu_now=$(awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] } printf "%d", t * 100 }' <<<"$children_line")
}
end_step() {
  if [ -n "$step_name" ]; then
    children_cpu
    local wall=$((SECONDS - step_started)) cpu=$((cpu_now - step_cpu))
    timings+="$(printf '%6d s  %6d s CPU (%s cores busy)  %s' "$wall" $((cpu / 100)) "$(awk -v c="$cpu" -v w="$wall" 'BEGIN { printf "%.1f", (w > 0 ? c / 100 / w : 0) }')" "$step_name")"$'\n'
  fi
  step_name=""
}
step() {
  end_step
  step_name="$*"
  step_started=$SECONDS
  children_cpu
  step_cpu=$cpu_now
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
report_timings() {
  local status=$?
  # A check still running in the background (below) when something else failed.
  for group in ${background_groups[@]+"${background_groups[@]}"}; do kill -- -"$group" 2>/dev/null || true; done
  end_step
  rm -rf "${DUET_TEST_VARIANT_CACHE:-}" "$times_file"
  printf '\n\033[1m== time per step\033[0m (%s)\n%s%6d s  in all\n' "$([ $status -eq 0 ] && echo passed || echo "failed, exit $status")" "$timings" "$SECONDS"
}
trap report_timings EXIT
loud_skip() { printf '\n\033[1;33m!! SKIPPED: %s\033[0m\n\n' "$*"; }

node scripts/patch-next.mjs
node scripts/patch-micromark.mjs

# The demo images' encoded copies, made once for this run and shared by vitest, the browser
# suite's server and the cluster's instances (tests/variant-cache-folder.ts): a fresh folder,
# so a change to how copies are made is always seen here.
DUET_TEST_VARIANT_CACHE="$(mktemp -d "${TMPDIR:-/tmp}/duet-test-variants.XXXXXX")"
export DUET_TEST_VARIANT_CACHE

# Types and lint side by side: both run to the end, both outputs are shown, and either one
# failing fails the step. Each is one thread, so on an idle two-core machine the step takes
# the longer of the two rather than their sum; on the shared test machine, with other work
# holding the cores (load 3-5), it measured the same either way (37-41 s side by side,
# 31-42 s one after the other, fresh clone). The only type check: the production build
# below (scripts/start.mjs) skips Next's own.
step "typecheck and lint (side by side)"
npx next typegen >/dev/null
checks_dir="$(mktemp -d "${TMPDIR:-/tmp}/duet-checks.XXXXXX")"
# Runs a check in the background, its output and "exit-status seconds" kept under its name,
# in a session of its own (setsid): the end of this script for any reason stops every check
# still running, its children with it (report_timings).
background_groups=()
check_in_background() {
  local name=$1
  shift
  setsid bash -c 'out=$1; shift; started=$SECONDS; if "$@" >"$out" 2>&1; then status=0; else status=$?; fi; echo "$status $((SECONDS - started))" >"$out.status"' _ "$checks_dir/$name" "$@" &
  background_groups+=("$!")
}
# Prints a finished check's result and output; fails when the check failed.
report_check() {
  local status seconds
  read -r status seconds <"$checks_dir/$1.status"
  printf '%s: %s, %d s\n' "$1" "$([ "$status" -eq 0 ] && echo passed || echo "failed, exit $status")" "$seconds"
  cat "$checks_dir/$1"
  [ "$status" -eq 0 ]
}
check_in_background tsc npx tsc --noEmit
check_in_background eslint npx eslint . --max-warnings 0
wait
checks_failed=0
for check in tsc eslint; do
  report_check "$check" || checks_failed=1
done
rm -rf "$checks_dir"
[ "$checks_failed" -eq 0 ]

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(e=>{console.error('PostgreSQL at TEST_DATABASE_URL is unreachable: '+e.message);process.exit(1)})"
elif [ "${CI:-}" = "true" ]; then
  echo "CI: TEST_DATABASE_URL must name a PostgreSQL database for the PostgreSQL suite." >&2
  exit 1
else
  loud_skip "PostgreSQL suite: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test). SQLite runs; CI runs both."
fi

if [ -n "${TEST_REDIS_URL:-}" ]; then
  node -e "const c=require('redis').createClient({url:process.env.TEST_REDIS_URL,socket:{reconnectStrategy:false}});c.on('error',()=>{});c.connect().then(()=>c.destroy()).catch(e=>{console.error('Redis at TEST_REDIS_URL is unreachable: '+e.message);process.exit(1)})"
elif [ "${CI:-}" = "true" ]; then
  echo "CI: TEST_REDIS_URL must name a Redis server for the shared-cache suite." >&2
  exit 1
else
  loud_skip "Redis suite (shared cache): TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379). CI runs it."
fi

# The S3 media suite starts its own OpenStack Swift (scripts/s3-test-server.sh).
if command -v swift-proxy-server >/dev/null; then
  s3_suite=" and S3 media on Swift"
elif [ "${CI:-}" = "true" ]; then
  echo "CI: OpenStack Swift is required for the S3 media suite (apt-get install swift swift-proxy swift-object swift-container swift-account)." >&2
  exit 1
else
  s3_suite=""
  loud_skip "S3 media suite: OpenStack Swift is not installed (apt-get install swift swift-proxy swift-object swift-container swift-account). CI runs it."
fi

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"

# Several instances of one build behind a balancer, on PostgreSQL, a private Redis and an
# S3 bucket on Swift: the same build as the browser suite's, served for the balancer's address.
cluster_suite=""
if [ -x "$chromium" ] && [ -n "${TEST_DATABASE_URL:-}" ] && command -v redis-server >/dev/null && command -v swift-proxy-server >/dev/null; then
  cluster_suite=yes
elif [ "${CI:-}" = "true" ]; then
  echo "CI: the several-instances suite needs Chromium, TEST_DATABASE_URL, redis-server and Swift." >&2
  exit 1
else
  loud_skip "several-instances suite: needs Chromium, TEST_DATABASE_URL, redis-server and Swift (apt-get install redis-server swift swift-proxy swift-object swift-container swift-account). CI runs it."
fi

# vitest, the build, the browser suite and the several-instances suite one after another.
# Side by side (vitest beside the build and the several-instances suite) saved some 40 s of
# 776 on one CI machine, and failed on another, whose context switches cost more (kernel page
# table isolation without PCID: a clean clone's CI used 2.5 times the first machine's CPU):
# there, the four at once starved vitest's hooks (Swift's start past 120 s, a CLI test past
# its 30 s) while the build took 5 minutes instead of 2 (README, "Scripts").
step "unit and integration tests (vitest; SQLite${TEST_DATABASE_URL:+ and PostgreSQL}${TEST_REDIS_URL:+, Redis}${s3_suite})"
npx vitest run

# The build `npm start` makes (scripts/start.mjs), so the browser suite's server finds it current.
# In CI, a clean clone, without Turbopack's cache for a next build (next.config.ts): nothing
# reads it there, and writing it took 19 s of a 78 s build (29 s of 139 s of CPU).
step "production build"
if [ "${CI:-}" = "true" ]; then export DUET_BUILD_CACHE="${DUET_BUILD_CACHE:-0}"; fi
node scripts/start.mjs --build-only

# The browser the suites drive (tests/browser.ts): Chromium's headless shell when the machine has it.
browser_used="${CHROMIUM_PATH:-$([ -x /usr/bin/chromium-headless-shell ] && echo /usr/bin/chromium-headless-shell || echo /usr/bin/chromium)}"
if [ -x "$chromium" ]; then
  step "browser tests (playwright, $browser_used)"
  rm -rf data/e2e
  npx playwright test
elif [ "${CI:-}" = "true" ]; then
  echo "CI: Chromium is required at $chromium for the browser suite." >&2
  exit 1
else
  loud_skip "browser tests: no Chromium at $chromium (apt-get install chromium). CI runs them."
fi

if [ -n "$cluster_suite" ]; then
  step "several instances (two production instances, PostgreSQL, Redis, S3 on Swift)"
  npx playwright test -c playwright.cluster.config.ts
fi
