#!/usr/bin/env bash
# A throwaway S3-compatible server for the test suite: OpenStack Swift (Debian's packages:
# swift swift-proxy swift-object swift-container swift-account) with its s3api middleware
# and tempauth, one device, one replica, every process on loopback.
#
#   scripts/s3-test-server.sh start DIR PORT   # S3 at http://127.0.0.1:PORT, storage in DIR
#   scripts/s3-test-server.sh stop DIR
#
# Credentials: access key `test:tester`, secret `testing`, region us-east-1, path-style.
# The account, container and object servers listen on PORT+1, PORT+2 and PORT+3.
# Needs a file system with extended attributes under DIR (ext4, XFS, tmpfs with user xattrs).
set -euo pipefail

cmd="${1:-}"
dir="${2:-}"
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: $0 start DIR PORT | stop DIR" >&2
  exit 2
fi

stop() {
  [ -f "$dir/pids" ] || return 0
  while read -r pid; do
    kill "$pid" 2>/dev/null || true
  done <"$dir/pids"
  rm -f "$dir/pids"
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi
[ "$cmd" = start ] || { echo "unknown command $cmd" >&2; exit 2; }

port="${3:?port}"
for bin in swift-proxy-server swift-account-server swift-container-server swift-object-server swift-ring-builder; do
  command -v "$bin" >/dev/null || { echo "$bin is missing: apt-get install swift swift-proxy swift-object swift-container swift-account" >&2; exit 3; }
done

stop
mkdir -p "$dir/srv/d1" "$dir/run" "$dir/log"
account_port=$((port + 1))
container_port=$((port + 2))
object_port=$((port + 3))

common() {
  cat <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
user = $(id -un)
bind_port = $1
workers = 0
swift_dir = $dir
devices = $dir/srv
mount_check = false
disable_fallocate = true
log_facility = LOG_LOCAL0
log_level = WARNING
CONF
}

for ring in account:$account_port container:$container_port object:$object_port; do
  name="${ring%%:*}"
  ring_port="${ring##*:}"
  rm -f "$dir/$name.builder" "$dir/$name.ring.gz"
  swift-ring-builder "$dir/$name.builder" create 2 1 1 >/dev/null
  swift-ring-builder "$dir/$name.builder" add "r1z1-127.0.0.1:$ring_port/d1" 1 >/dev/null
  swift-ring-builder "$dir/$name.builder" rebalance >/dev/null || true
  { common "$ring_port"; printf '\n[pipeline:main]\npipeline = %s-server\n\n[app:%s-server]\nuse = egg:swift#%s\n' "$name" "$name" "$name"; } >"$dir/$name-server.conf"
done

{
  common "$port"
  cat <<CONF

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true

[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:1
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
CONF
} >"$dir/proxy-server.conf"

: >"$dir/pids"
for server in account container object proxy; do
  "swift-$server-server" "$dir/$server-server.conf" >"$dir/log/$server.log" 2>&1 &
  echo $! >>"$dir/pids"
done

# Up when the proxy's healthcheck answers and every back end answers at all (they say 400 to it).
answers() { [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/healthcheck")" != 000 ]; }
for _ in $(seq 1 150); do
  if curl -fsS "http://127.0.0.1:$port/healthcheck" >/dev/null 2>&1 && answers "$account_port" && answers "$container_port" && answers "$object_port"; then
    echo "Swift (s3api) is answering at http://127.0.0.1:$port"
    exit 0
  fi
  sleep 0.2
done
echo "Swift did not answer on port $port; its logs:" >&2
tail -n 20 "$dir"/log/*.log >&2
stop
exit 1
