#!/usr/bin/env bash
# Fails when git tracks build output: a compiled binary (ELF, Mach-O, PE,
# WebAssembly, Java class, static archive) or any file over 1 MB other than a
# lockfile. Build output belongs in ignored folders (.gitignore), never in a
# clone everyone downloads.
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

# --self-test proves the check fails on what it must refuse and passes the rest.
if [ "${1:-}" = "--self-test" ]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  try() { # name, expected exit (0 or 1), then the files to commit come from the caller's setup
    if (cd "$tmp/$1" && "$self" . >/dev/null 2>&1); then got=0; else got=1; fi
    if [ "$got" -ne "$2" ]; then echo "check-tracked self-test: $1 exited $got, want $2" >&2; exit 1; fi
  }
  repo() { mkdir -p "$tmp/$1" && git -C "$tmp/$1" init -q; }
  repo elf; cp "$(type -P true)" "$tmp/elf/server"; git -C "$tmp/elf" add server; try elf 1
  repo big; head -c 1100000 /dev/zero | tr '\0' 'a' >"$tmp/big/data.txt"; git -C "$tmp/big" add data.txt; try big 1
  repo lock; mkdir -p "$tmp/lock/web"; head -c 1100000 /dev/zero | tr '\0' 'a' >"$tmp/lock/web/package-lock.json"
  echo 'package main' >"$tmp/lock/main.go"; git -C "$tmp/lock" add .; try lock 0
  echo "check-tracked self-test passed"
  exit 0
fi

cd "${1:-$(dirname "$0")/..}"
LIMIT=$((1024 * 1024))
bad=0
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue # deleted in the work tree
  case "$f" in
    *package-lock.json | go.sum | */go.sum) continue ;;
  esac
  magic=$(head -c 4 "$f" | od -An -tx1 | tr -d ' \n')
  case "$magic" in
    7f454c46) echo "tracked binary (ELF executable): $f" >&2; bad=1 ;;
    cffaedfe | cefaedfe | feedface | feedfacf | cafebabe) echo "tracked binary (Mach-O or Java class): $f" >&2; bad=1 ;;
    0061736d) echo "tracked binary (WebAssembly): $f" >&2; bad=1 ;;
    213c6172) echo "tracked binary (static archive): $f" >&2; bad=1 ;;
    4d5a*) echo "tracked binary (Windows PE): $f" >&2; bad=1 ;;
  esac
  size=$(stat -c %s "$f")
  if [ "$size" -gt "$LIMIT" ]; then
    echo "tracked file over 1 MB ($size bytes): $f" >&2; bad=1
  fi
done < <(git ls-files -z)
if [ "$bad" -ne 0 ]; then
  echo "remove build output from git (git rm --cached) and ignore it in .gitignore" >&2
  exit 1
fi
echo "no build output tracked"
