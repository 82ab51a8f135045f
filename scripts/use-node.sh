#!/usr/bin/env bash
# Provide a supported Node.js on a machine whose own is older, from the npm registry alone:
# the `node-linux-<arch>` package ships a whole Node distribution with its C headers, so
# native addons (better-sqlite3) build against it offline. npm stays the machine's own.
#
#   eval "$(bash scripts/use-node.sh 24)"    # this shell now runs Node 24 LTS
#   bash scripts/use-node.sh 22 --print-dir  # just fetch, print the distribution's folder
#
# Prints the shell lines that put it first on PATH and point node-gyp at its headers.
# Downloads once into ${DUET_NODE_HOME:-~/.cache/duet/node}/<version>.
set -euo pipefail

major="${1:-24}"
# The versions Duet is tested on; bump them together with .ci/run's figures.
case "$major" in
  22) version=22.23.3 ;;
  24) version=24.21.0 ;;
  26) version=26.10.0 ;;
  *) echo "use-node: supported majors are 22 and 24 (LTS) and 26; not '$major'." >&2; exit 2 ;;
esac

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "use-node: no node-linux package for $(uname -m); install Node.js $major yourself." >&2; exit 2 ;;
esac

home="${DUET_NODE_HOME:-${HOME:-/tmp}/.cache/duet/node}"
dir="$home/$version-$arch"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$home"
  work="$(mktemp -d "$home/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "use-node: fetching node-linux-$arch@$version from the npm registry…" >&2
  (cd "$work" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
  tar -xzf "$work"/node-linux-"$arch"-"$version".tgz -C "$work"
  "$work/package/bin/node" -e 'process.exit(0)' || { echo "use-node: the fetched Node does not run here." >&2; exit 1; }
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi

if [ "${2:-}" = "--print-dir" ]; then
  echo "$dir"
else
  # npm_config_nodedir wins over a user-level nodedir (this machine's ~/.npmrc names /usr,
  # whose headers are the old Node's), so addons are compiled for the Node that runs them.
  printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$dir/bin" "$dir"
fi
