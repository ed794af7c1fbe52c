#!/usr/bin/env bash
# The browser edition (make lite) takes Pyodide's core and SQLite's WebAssembly build from npm.
set -euo pipefail
if command -v npm >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "Installing Debian's nodejs and npm for the browser edition..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
